/** The submit row under the profile's and the settings' forms: 'Salvar…', its busy label while saving. */
import { Button, Stack } from '@mui/material';

export function SaveButton({ saving, texts }: { saving: boolean; texts: { save: string; saving: string } }) {
  return (
    <Stack direction="row">
      <Button type="submit" variant="contained" disabled={saving}>
        {saving ? texts.saving : texts.save}
      </Button>
    </Stack>
  );
}

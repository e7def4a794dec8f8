import { Button, MenuItem, Paper, Stack, Typography } from '@mui/material';
import { DOCUMENT_MIME_TYPES } from '@rifaria/shared/constants';
import { UploadIcon } from '../../common/components/icons';
import type { AccountWizard } from '../hooks/use-account-wizard';
import { AccountTextField } from './account-text-field';
import { WIZARD_TEXTS } from './wizard-texts';

/** Step 3, 'Documento': its type and a photo or PDF of it (checked here, and again by the server). */
export function DocumentStep({ form }: { form: AccountWizard }) {
  const { errors, file } = form;
  return (
    <Stack spacing={2}>
      <AccountTextField form={form} name="documentType" label="Tipo de documento" select>
        {form.documentTypes.map((d) => (
          <MenuItem key={d.id} value={String(d.id)}>
            {d.name}
          </MenuItem>
        ))}
      </AccountTextField>
      <Paper
        variant="outlined"
        sx={{
          p: 3,
          textAlign: 'center',
          borderStyle: 'dashed',
          borderColor: errors.documentFile ? 'error.main' : 'divider',
        }}
      >
        <UploadIcon color="action" sx={{ fontSize: 40 }} aria-hidden="true" />
        <Typography sx={{ mt: 1 }}>
          {file ? file.name : form.keepsDocument ? WIZARD_TEXTS.documentKept : 'Envie uma foto ou PDF do documento'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {WIZARD_TEXTS.fileHint}
        </Typography>
        <Button component="label" variant="outlined" sx={{ mt: 2 }}>
          {WIZARD_TEXTS.chooseFile}
          <input
            hidden
            type="file"
            aria-label="Arquivo do documento"
            accept={DOCUMENT_MIME_TYPES.join(',')}
            onChange={(event) => form.chooseFile(event.target.files?.[0] ?? null)}
          />
        </Button>
        {errors.documentFile ? (
          <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
            {errors.documentFile}
          </Typography>
        ) : null}
      </Paper>
    </Stack>
  );
}

/** Step 1 'Campanha': name, quantity (thousands dots), price (comma decimals), draw type, optional date and time. */
import { Alert, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import type { DrawType } from '@rifaria/shared/types';
import { MoneyField } from '@rifaria/shared/ui';
import { CampaignNameField } from '../../common/components/campaign-name-field';
import { DrawDateTimeFields } from '../../common/components/draw-date-time-fields';
import { maskQuantity, type WizardValues } from '../hooks/wizard-values';

export interface StepProps {
  values: WizardValues;
  errors: Record<string, string>;
  change: <K extends keyof WizardValues>(field: K, value: WizardValues[K]) => void;
}

const helper = (errors: Record<string, string>, field: string) => ({
  error: Boolean(errors[field]),
  helperText: errors[field] ?? ' ',
});

export function StepCampaign({
  values,
  errors,
  change,
  drawTypes,
  drawTypesError,
}: StepProps & { drawTypes: DrawType[]; drawTypesError: string | null }) {
  return (
    <Stack spacing={1}>
      <CampaignNameField value={values.name} onChange={(name) => change('name', name)} error={errors.name} autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Quantidade de tickets"
          value={values.total_tickets}
          onChange={(event) => change('total_tickets', maskQuantity(event.target.value))}
          placeholder="10.000"
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          fullWidth
          {...helper(errors, 'total_tickets')}
        />
        <MoneyField
          label="Valor do ticket"
          value={values.ticket_price}
          onChange={(masked) => change('ticket_price', masked)}
          fullWidth
          {...helper(errors, 'ticket_price')}
        />
      </Stack>
      {drawTypesError && <Alert severity="error">{drawTypesError}</Alert>}
      <TextField
        select
        label="Tipo de sorteio"
        value={values.draw_type_id}
        onChange={(event) => change('draw_type_id', event.target.value)}
        {...helper(errors, 'draw_type_id')}
      >
        {drawTypes.map((type) => (
          <MenuItem key={type.id} value={String(type.id)}>
            {type.description}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.has_draw_date}
            onChange={(event) => change('has_draw_date', event.target.checked)}
          />
        }
        label="Já tenho data definida para o sorteio"
      />
      {values.has_draw_date && <DrawDateTimeFields values={values} errors={errors} onChange={change} />}
    </Stack>
  );
}

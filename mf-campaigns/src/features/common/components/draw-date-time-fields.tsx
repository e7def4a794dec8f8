/**
 * The draw date and time inputs of the wizard, the draw-date modal and the edit screen: text inputs masked as
 * DD/MM/AAAA and HH:MM (24 h), read as São Paulo time ("horário de Brasília").
 *
 * Why not <input type="date|time">: the browser draws those in ITS interface language, so a phone or a computer in
 * English shows 'mm/dd/yyyy' and '08:00 PM' to a Brazilian organiser. Why not @mui/x-date-pickers: it imports
 * '@mui/material/*' subpaths, which Module Federation does not share (tooling/webpack/shared-map.cjs), so the remote
 * would carry a second copy of MUI and a second theme context. The masks need nothing new and read the same
 * everywhere; the shared schema (drawInputIssues) checks the format, the calendar and "in the future".
 */
import { Stack, TextField } from '@mui/material';
import { maskDate, maskTime } from '@rifaria/shared/format';
import type { DrawInputIssues } from '@rifaria/shared/schemas';

export const DATE_PLACEHOLDER = 'dd/mm/aaaa';
export const TIME_PLACEHOLDER = 'hh:mm';
export const TIME_ZONE_HINT = 'Horário de Brasília';

/** The form's names for the two inputs (the wizard's, the edit screen's and the draw-date modal's). */
export type DrawInputField = 'draw_date' | 'draw_time';

export interface DrawDateTimeFieldsProps {
  /** What is typed in each input. */
  values: Record<DrawInputField, string>;
  /** The form's errors: those under draw_date and draw_time show under their input. */
  errors: DrawInputIssues;
  onChange: (field: DrawInputField, masked: string) => void;
  /** Shown under the date when it has no error (e.g. 'Opcional'); a blank line keeps the layout still otherwise. */
  dateHint?: string;
  disabled?: boolean;
}

interface MaskedFieldProps {
  label: string;
  value: string;
  mask: (input: string) => string;
  onChange: (masked: string) => void;
  placeholder: string;
  error: string | undefined;
  hint: string;
  disabled: boolean;
}

function MaskedField({ label, value, mask, onChange, placeholder, error, hint, disabled }: MaskedFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(mask(event.target.value))}
      placeholder={placeholder}
      error={Boolean(error)}
      helperText={error ?? hint}
      disabled={disabled}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );
}

const INPUTS = [
  { name: 'draw_date', label: 'Data do sorteio', mask: maskDate, placeholder: DATE_PLACEHOLDER },
  { name: 'draw_time', label: 'Hora do sorteio', mask: maskTime, placeholder: TIME_PLACEHOLDER },
] as const;

export function DrawDateTimeFields({
  values,
  errors,
  onChange,
  dateHint = ' ',
  disabled = false,
}: DrawDateTimeFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {INPUTS.map(({ name, ...field }) => (
        <MaskedField
          key={name}
          {...field}
          value={values[name]}
          onChange={(masked) => onChange(name, masked)}
          error={errors[name]}
          hint={name === 'draw_date' ? dateHint : TIME_ZONE_HINT}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

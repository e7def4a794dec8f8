import { TextField } from '@mui/material';
import { PHONE_MASK_MAX_LENGTH } from '@rifaria/shared/constants';
import { maskPhone } from '@rifaria/shared/format';

interface PhoneFieldProps {
  label: string;
  /** The masked value; the schema turns it into digits before it is sent. */
  value: string;
  onChange: (masked: string) => void;
  /** Leaving the field: its error shows from then on, even if nothing was typed. */
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  autoFocus?: boolean;
}

/** A Brazilian phone, masked '(00) 00000-0000' as typed. */
export function PhoneField({ label, value, onChange, onBlur, error, helperText, autoFocus }: PhoneFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(maskPhone(event.target.value))}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? helperText}
      placeholder="(00) 00000-0000"
      autoComplete="off"
      autoFocus={autoFocus}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'tel', maxLength: PHONE_MASK_MAX_LENGTH } }}
    />
  );
}

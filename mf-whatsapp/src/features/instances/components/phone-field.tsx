import { TextField } from '@mui/material';
import { PHONE_MASK_MAX_LENGTH } from '@rifaria/shared/constants';
import { maskPhone } from '@rifaria/shared/format';

interface PhoneFieldProps {
  label: string;
  /** The masked value; the schema turns it into digits before it is sent. */
  value: string;
  onChange: (masked: string) => void;
  error?: string;
  helperText?: string;
  autoFocus?: boolean;
}

/** A Brazilian phone, masked '(00) 00000-0000' as typed. */
export function PhoneField({ label, value, onChange, error, helperText, autoFocus }: PhoneFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(maskPhone(event.target.value))}
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

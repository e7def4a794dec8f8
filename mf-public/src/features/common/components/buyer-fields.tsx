/** The buyer's fields, alike on every buyer form: phone and CPF (masked as typed), and read-only values. */
import { Button, CircularProgress, TextField, type ButtonProps } from '@mui/material';
import { maskCpf, maskPhone } from '@rifaria/shared/format';

interface MaskedFieldProps {
  label: string;
  value: string;
  /** The masked value. */
  onChange: (value: string) => void;
  error?: string;
  /** Below the field; the error by default. */
  helperText?: string;
  autoFocus?: boolean;
}

const MASKED = {
  phone: { mask: maskPhone, placeholder: '(00) 00000-0000', autoComplete: 'tel-national', inputMode: 'tel', max: 15 },
  cpf: { mask: maskCpf, placeholder: '000.000.000-00', autoComplete: undefined, inputMode: 'numeric', max: 14 },
} as const;

function MaskedField({
  kind,
  label,
  value,
  onChange,
  error,
  helperText = error,
  autoFocus,
}: MaskedFieldProps & { kind: keyof typeof MASKED }) {
  const { mask, placeholder, autoComplete, inputMode, max } = MASKED[kind];
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(mask(event.target.value))}
      error={Boolean(error)}
      helperText={helperText}
      placeholder={placeholder}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth
      slotProps={{ htmlInput: { inputMode, maxLength: max } }}
    />
  );
}

/** A phone, masked '(00) 00000-0000' as typed. */
export function PhoneField(props: MaskedFieldProps) {
  return <MaskedField kind="phone" {...props} />;
}

/** A CPF, masked '000.000.000-00' as typed. */
export function CpfField(props: MaskedFieldProps) {
  return <MaskedField kind="cpf" {...props} />;
}

/** A value the buyer sees but does not edit here (masked data of a known buyer, the new phone). */
export function ReadOnlyField({ label, value, placeholder }: { label: string; value: string; placeholder?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      placeholder={placeholder}
      fullWidth
      slotProps={{ htmlInput: { readOnly: true } }}
    />
  );
}

/** A form's submit button; while `busy`, a spinner named `busyLabel` in its place. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={busy || disabled} {...props}>
      {busy ? <CircularProgress size={22} color="inherit" aria-label={busyLabel} /> : children}
    </Button>
  );
}

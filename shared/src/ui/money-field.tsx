import { forwardRef } from 'react';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { maskMoney } from '../format';

export type MoneyFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** The masked text, e.g. '25,00' ('' when empty). */
  value: string;
  /** Receives the masked text: digits typed are centavos ('2500' → '25,00'). */
  onChange: (masked: string) => void;
};

/** A BRL amount input with the currency mask (digits fill from the centavos), 'R$' prefix and numeric keyboard. */
export const MoneyField = forwardRef<HTMLDivElement, MoneyFieldProps>(function MoneyField(
  { value, onChange, slotProps, ...props },
  ref,
) {
  const inputSlot = (slotProps?.input ?? {}) as Record<string, unknown>;
  const htmlInputSlot = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <TextField
      ref={ref}
      {...props}
      value={value}
      onChange={(event) => onChange(maskMoney(event.target.value))}
      placeholder={props.placeholder ?? '0,00'}
      slotProps={{
        ...slotProps,
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment>, ...inputSlot },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', ...htmlInputSlot },
      }}
    />
  );
});

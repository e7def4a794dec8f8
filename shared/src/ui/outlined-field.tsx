/**
 * An outlined text field, as MUI composes one (FormControl + InputLabel + OutlinedInput): what TextField draws, without
 * TextField's import of Select, Menu, Popover and Modal, which the buyer page's first view never shows (issue 15).
 */
import { useId, type ReactNode } from 'react';
import { FormControl, InputLabel, OutlinedInput, Typography, type OutlinedInputProps } from '@mui/material';

export interface OutlinedFieldProps extends Omit<
  OutlinedInputProps,
  'id' | 'label' | 'size' | 'fullWidth' | 'disabled'
> {
  label: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  /** Below the field (its error when `error`), and its accessible description. */
  helperText?: ReactNode;
}

export function OutlinedField({ label, size, fullWidth, disabled, helperText, error, ...input }: OutlinedFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" size={size} fullWidth={fullWidth} disabled={disabled} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        error={error}
        aria-describedby={helperText ? `${id}-helper` : undefined}
        {...input}
      />
      {/* FormHelperText's look without its module (the campaign page's first script, issue 15's budget). */}
      {helperText ? (
        <Typography
          id={`${id}-helper`}
          variant="caption"
          color={error ? 'error' : 'text.secondary'}
          sx={{ mx: 1.75, mt: 0.375, lineHeight: 1.66 }}
        >
          {helperText}
        </Typography>
      ) : null}
    </FormControl>
  );
}

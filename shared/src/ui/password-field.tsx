import { forwardRef, useState } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { VisibilityIcon, VisibilityOffIcon } from './icons';

export const SHOW_PASSWORD_LABEL = 'Mostrar senha';
export const HIDE_PASSWORD_LABEL = 'Ocultar senha';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A TextField whose value can be revealed with an accessible 'Mostrar senha' / 'Ocultar senha' toggle. */
export const PasswordField = forwardRef<HTMLDivElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  const { slotProps, ...rest } = props;
  const inputSlot = (slotProps?.input ?? {}) as Record<string, unknown>;
  return (
    <TextField
      ref={ref}
      {...rest}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          ...inputSlot,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? HIDE_PASSWORD_LABEL : SHOW_PASSWORD_LABEL}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});

import { Grid, TextField, type TextFieldProps } from '@mui/material';
import type { AccountField } from '../hooks/account-form';
import type { AccountWizard } from '../hooks/use-account-wizard';

type Props = { form: AccountWizard; name: AccountField; label: string } & Omit<TextFieldProps, 'name' | 'label'>;

/** A field of the wizard: its value, its mask on change, and its error (else the given help) underneath. */
export function AccountTextField({ form, name, label, ...extra }: Props) {
  return (
    <TextField
      label={label}
      value={form.values[name]}
      onChange={(event) => form.change(name, event.target.value)}
      error={Boolean(form.errors[name])}
      helperText={form.errors[name] ?? extra.helperText}
      fullWidth
      {...extra}
    />
  );
}

/** A field of a step's grid: its width per breakpoint and its props (which may read the wizard's state). */
export interface GridField {
  name: AccountField;
  label: string;
  size: Partial<Record<'xs' | 'sm', number>>;
  props?: (form: AccountWizard) => Omit<TextFieldProps, 'name' | 'label'>;
}

/** A step laid out as a grid of fields. */
export function FieldGrid({ form, fields }: { form: AccountWizard; fields: GridField[] }) {
  return (
    <Grid container spacing={2}>
      {fields.map(({ name, label, size, props }) => (
        <Grid key={name} size={size}>
          <AccountTextField form={form} name={name} label={label} {...props?.(form)} />
        </Grid>
      ))}
    </Grid>
  );
}

import { CircularProgress, InputAdornment, MenuItem } from '@mui/material';
import type { AccountWizard } from '../hooks/use-account-wizard';
import { FieldGrid, type GridField } from './account-text-field';

const searching = (
  <InputAdornment position="end">
    <CircularProgress size={18} aria-label="Buscando CEP" />
  </InputAdornment>
);

const ADDRESS_FIELDS: GridField[] = [
  {
    name: 'zipCode',
    label: 'CEP',
    size: { xs: 12, sm: 5 },
    props: ({ errors, cep }) => ({
      placeholder: '00000-000',
      autoComplete: 'postal-code',
      error: Boolean(errors.zipCode || cep.error),
      // A failed lookup (cep.notice) is said without marking the CEP invalid: it may well be right (issue 30).
      helperText: errors.zipCode ?? cep.error ?? cep.notice ?? 'O endereço é preenchido pelo CEP',
      slotProps: { htmlInput: { inputMode: 'numeric' }, input: cep.loading ? { endAdornment: searching } : {} },
    }),
  },
  { name: 'street', label: 'Logradouro', size: { xs: 12, sm: 7 }, props: () => ({ autoComplete: 'address-line1' }) },
  { name: 'number', label: 'Número', size: { xs: 5, sm: 4 } },
  { name: 'complement', label: 'Complemento', size: { xs: 7, sm: 8 }, props: () => ({ helperText: 'Opcional' }) },
  { name: 'neighborhood', label: 'Bairro', size: { xs: 12, sm: 5 } },
  { name: 'city', label: 'Cidade', size: { xs: 8, sm: 4 }, props: () => ({ autoComplete: 'address-level2' }) },
  {
    name: 'state',
    label: 'Estado',
    size: { xs: 4, sm: 3 },
    props: ({ states }) => ({
      select: true,
      children: states.map((s) => (
        <MenuItem key={s.abbreviation} value={s.abbreviation}>
          {s.abbreviation}
        </MenuItem>
      )),
    }),
  },
];

/** Step 2, 'Endereço': the CEP fills the rest (at 8 digits); every field stays editable. */
export function AddressStep({ form }: { form: AccountWizard }) {
  return <FieldGrid form={form} fields={ADDRESS_FIELDS} />;
}

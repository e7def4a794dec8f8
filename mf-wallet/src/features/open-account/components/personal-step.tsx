import type { AccountWizard } from '../hooks/use-account-wizard';
import { FieldGrid, type GridField } from './account-text-field';
import { WIZARD_TEXTS } from './wizard-texts';

const PERSONAL_FIELDS: GridField[] = [
  { name: 'name', label: 'Nome completo', size: { xs: 12 }, props: () => ({ autoComplete: 'name' }) },
  { name: 'email', label: 'E-mail', size: { xs: 12, sm: 6 }, props: () => ({ type: 'email', autoComplete: 'email' }) },
  {
    name: 'cpf',
    label: 'CPF',
    size: { xs: 12, sm: 6 },
    props: (form) => ({
      placeholder: '000.000.000-00',
      helperText: form.errors.cpf ?? (form.profileCpf ? WIZARD_TEXTS.cpfFromProfile : undefined),
      slotProps: { htmlInput: { inputMode: 'numeric', readOnly: Boolean(form.profileCpf) } },
    }),
  },
  {
    name: 'birthdate',
    label: 'Data de nascimento',
    size: { xs: 12, sm: 6 },
    props: () => ({ placeholder: 'DD/MM/AAAA', slotProps: { htmlInput: { inputMode: 'numeric' } } }),
  },
  {
    name: 'phone',
    label: 'Telefone',
    size: { xs: 12, sm: 6 },
    props: () => ({
      placeholder: '(00) 00000-0000',
      autoComplete: 'tel',
      slotProps: { htmlInput: { inputMode: 'tel' } },
    }),
  },
];

/** Step 1, 'Dados Pessoais' (prefilled from the profile; its CPF, when it has one, cannot be changed). */
export function PersonalStep({ form }: { form: AccountWizard }) {
  return <FieldGrid form={form} fields={PERSONAL_FIELDS} />;
}

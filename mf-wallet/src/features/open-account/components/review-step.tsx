import { Box, Typography } from '@mui/material';
import type { AccountWizard } from '../hooks/use-account-wizard';
import { WIZARD_TEXTS } from './wizard-texts';

/** Step 4, 'Finalização': what will be sent, as a description list. */
export function ReviewStep({ form }: { form: AccountWizard }) {
  const { values, file } = form;
  const stateName = form.states.find((s) => s.abbreviation === values.state)?.name;
  const documentName = form.documentTypes.find((d) => String(d.id) === values.documentType)?.name;
  const rows: [string, string][] = [
    ['Nome', values.name],
    ['E-mail', values.email],
    ['CPF', values.cpf],
    ['Telefone', values.phone],
    ['Data de nascimento', values.birthdate || '—'],
    [
      'Endereço',
      `${values.street}, ${values.number}${values.complement ? ` - ${values.complement}` : ''} - ${values.neighborhood}`,
    ],
    // The fields of the Endereço step, as it names them ('São Paulo/SP (São Paulo)' said the city twice).
    ['Cidade', values.city],
    ['Estado', stateName ? `${stateName} (${values.state})` : values.state],
    ['CEP', values.zipCode],
    [
      'Documento',
      `${documentName ?? '—'}${file ? ` · ${file.name}` : form.keepsDocument ? ` · ${WIZARD_TEXTS.documentKeptShort}` : ''}`,
    ],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, rowGap: 1 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" variant="body2" sx={{ pt: { sm: 0.25 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

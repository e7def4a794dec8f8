/**
 * One account opening under review: the automatic checks, the data, the document (an image, or a PDF in a frame,
 * from its operators-only address) and the decision: 'Aprovar', or 'Reprovar' with a reason from the fixed list and
 * details (required for 'Outro'). The organiser is told by e-mail and on /carteiras.
 */
import { useParams } from 'react-router-dom';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { apiUrl } from '@rifaria/shared/api-client';
import { formatDateTime, isoDateToBR } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { KYC_REJECTION_REASONS } from '@rifaria/shared/schemas';
import { useRequest } from '@rifaria/shared/ui';
import { ActionButton } from '../../common/components/action-button';
import { DetailPage } from '../../common/components/detail-page';
import { ReasonButton, type ReasonTexts } from '../../common/components/reason-dialog';
import { SECTIONS } from '../../common/components/sections';
import { approveOpening, getOpening, rejectOpening, type OpeningDetail } from '../api/account-openings';
import { Checks } from './checks';

export const REVIEW_TEXTS = {
  title: 'Análise da abertura de conta',
  what: 'a abertura de conta',
  notFound: 'Abertura de conta não encontrada.',
  back: 'Voltar para a fila',
  checks: 'Verificações automáticas',
  data: 'Dados informados',
  document: 'Documento de identidade',
  approve: 'Aprovar',
  approved: 'Abertura de conta aprovada.',
  approveFailed: 'Não foi possível aprovar.',
  reject: 'Reprovar',
  rejection: 'Motivo da recusa',
} as const;

const FIELDS: [string, string][] = [
  ['name', 'Nome'],
  ['email', 'E-mail'],
  ['cpf', 'CPF'],
  ['phone', 'Telefone'],
  ['birthdate', 'Data de nascimento'],
  ['zipCode', 'CEP'],
  ['street', 'Rua'],
  ['number', 'Número'],
  ['complement', 'Complemento'],
  ['neighborhood', 'Bairro'],
  ['city', 'Cidade'],
  ['state', 'UF'],
];

const REJECT_TEXTS: ReasonTexts = {
  title: 'Reprovar abertura de conta',
  submit: REVIEW_TEXTS.reject,
  field: 'Detalhes para o organizador',
  done: 'Abertura de conta reprovada. O organizador foi avisado.',
  failed: 'Não foi possível reprovar.',
};

const REASONS = Object.entries(KYC_REJECTION_REASONS).map(([value, label]) => ({ value, label }));

function shown(key: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return key === 'birthdate' ? isoDateToBR(String(value)) : String(value);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Document({ opening }: { opening: OpeningDetail }) {
  const src = apiUrl(opening.document_url);
  if (opening.document.mime.startsWith('image/')) {
    return (
      <Box
        component="img"
        src={src}
        alt={`${REVIEW_TEXTS.document} (${opening.document_type})`}
        sx={{ maxWidth: '100%' }}
      />
    );
  }
  return (
    <Box
      component="iframe"
      src={src}
      title={`${REVIEW_TEXTS.document} (${opening.document_type})`}
      sx={{ width: '100%', height: 560, border: 0 }}
    />
  );
}

function Review({ opening, reload }: { opening: OpeningDetail; reload: () => void }) {
  return (
    <Stack spacing={2}>
      <Typography>{`${opening.status_label} · enviada em ${formatDateTime(opening.created_at)}`}</Typography>
      {opening.rejection ? (
        <Alert severity="warning">
          {`${REVIEW_TEXTS.rejection}: ${opening.rejection.reason_label}${opening.rejection.details ? ` — ${opening.rejection.details}` : ''}`}
        </Alert>
      ) : null}
      <Section title={REVIEW_TEXTS.checks}>
        <Checks checks={opening.checks} />
      </Section>
      <Section title={REVIEW_TEXTS.data}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {FIELDS.map(([key, label]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {shown(key, opening.data[key])}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={REVIEW_TEXTS.document}>
        <Document opening={opening} />
      </Section>
      {opening.status === 'pending' ? (
        <Stack direction="row" spacing={1}>
          <ActionButton
            variant="contained"
            color="success"
            label={REVIEW_TEXTS.approve}
            run={() => approveOpening(opening.id).then(reload)}
            done={REVIEW_TEXTS.approved}
            failed={REVIEW_TEXTS.approveFailed}
          />
          <ReasonButton
            texts={REJECT_TEXTS}
            reasons={REASONS}
            optional
            onSubmit={({ reason, text }) => rejectOpening(opening.id, { reason, details: text || null }).then(reload)}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

export function OpeningReview() {
  const { id = '' } = useParams();
  const opening = useRequest((signal) => getOpening(id, signal), [id]);
  const name = opening.data?.data.name;
  const back = { label: REVIEW_TEXTS.back, to: paths.admin.getHref(SECTIONS.kyc.segment) };
  return (
    <DetailPage
      title={name ? `${REVIEW_TEXTS.title}: ${name}` : REVIEW_TEXTS.title}
      back={back}
      state={opening}
      texts={REVIEW_TEXTS}
    >
      {(data) => <Review opening={data} reload={opening.reload} />}
    </DetailPage>
  );
}

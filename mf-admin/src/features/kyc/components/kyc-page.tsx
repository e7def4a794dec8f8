/**
 * Abertura de contas (issue 32, KYC_PROVIDER=manual): the queue by status, oldest pending first, and each opening's
 * review (opening-review.tsx).
 */
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import { formatDateTime } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { ConsolePage } from '../../common/components/console-page';
import { ListAndDetail } from '../../common/components/list-and-detail';
import { StatusList, type Statuses } from '../../common/components/status-list';
import { SECTIONS } from '../../common/components/sections';
import { listOpenings, type OpeningItem, type OpeningStatus } from '../api/account-openings';
import { Checks } from './checks';
import { OpeningReview } from './opening-review';

export const KYC_TEXTS = {
  title: SECTIONS.kyc.label,
  what: 'a fila de abertura de contas',
  filter: 'Situação',
  table: 'Aberturas de conta',
  review: 'Analisar',
} as const;

const STATUSES: Statuses<OpeningStatus> = {
  pending: { label: 'Em análise', empty: 'Nenhuma abertura de conta esperando análise.' },
  approved: { label: 'Aprovadas', empty: 'Nenhuma abertura de conta aprovada ainda.' },
  rejected: { label: 'Recusadas', empty: 'Nenhuma abertura de conta recusada.' },
};

const load = (query: { status: OpeningStatus; page: number }, signal: AbortSignal) =>
  listOpenings(query.status, query.page, signal);

const columns = () => [
  { header: 'Nome', cell: (row: OpeningItem) => row.name },
  { header: 'CPF', cell: (row: OpeningItem) => row.cpf_masked },
  { header: 'Enviada em', cell: (row: OpeningItem) => formatDateTime(row.created_at) },
  { header: 'Verificações', cell: (row: OpeningItem) => <Checks checks={row.checks} /> },
  { header: 'Situação', cell: (row: OpeningItem) => row.status_label },
  {
    header: 'Ações',
    cell: (row: OpeningItem) => (
      <Button
        component={RouterLink}
        to={paths.admin.getHref(SECTIONS.kyc.segment, row.id)}
        size="small"
        aria-label={`${KYC_TEXTS.review} ${row.name}`}
      >
        {KYC_TEXTS.review}
      </Button>
    ),
  },
];

function OpeningsQueue() {
  return (
    <ConsolePage title={KYC_TEXTS.title}>
      <StatusList texts={KYC_TEXTS} statuses={STATUSES} initial="pending" load={load} columns={columns} paged />
    </ConsolePage>
  );
}

export default function KycPage() {
  return <ListAndDetail list={<OpeningsQueue />} detail={<OpeningReview />} param="id" />;
}

/** Reembolsos (issue 32): refunds the PSP refused (never dropped), those in progress and those done. */
import { formatDateTime } from '@rifaria/shared/format';
import { formatReais } from '@rifaria/shared/money';
import type { AdminRefund } from '@rifaria/shared/types';
import { ConsolePage } from '../../common/components/console-page';
import { SECTIONS } from '../../common/components/sections';
import { StatusList, type Statuses } from '../../common/components/status-list';
import { listRefunds, type RefundStatus } from '../api/purchases';
import { PurchaseLink } from './purchase-link';

export const REFUNDS_TEXTS = { what: 'os reembolsos', table: 'Reembolsos', filter: 'Situação' } as const;

const STATUSES: Statuses<RefundStatus> = {
  failed: { label: 'Recusados pelo PSP', empty: 'Nenhum reembolso recusado.' },
  pending: { label: 'Em andamento', empty: 'Nenhum reembolso em andamento.' },
  refunded: { label: 'Concluídos', empty: 'Nenhum reembolso concluído.' },
};

const at = (value: string | null) => (value ? formatDateTime(value) : '—');

const columns = () => [
  { header: 'Compra', cell: (row: AdminRefund) => <PurchaseLink hash={row.purchase_hash} /> },
  { header: 'Campanha', cell: (row: AdminRefund) => row.campaign.name },
  { header: 'Valor', cell: (row: AdminRefund) => formatReais(row.value) },
  { header: 'Motivo', cell: (row: AdminRefund) => row.reason ?? '—' },
  { header: 'Erro do PSP', cell: (row: AdminRefund) => row.error ?? '—' },
  { header: 'Pedido em', cell: (row: AdminRefund) => at(row.requested_at) },
  { header: 'Última tentativa', cell: (row: AdminRefund) => at(row.attempted_at) },
  { header: 'Reembolsado em', cell: (row: AdminRefund) => at(row.refunded_at) },
];

const load = (query: { status: RefundStatus }, signal: AbortSignal) => listRefunds(query.status, signal);

export default function RefundsPage() {
  return (
    <ConsolePage title={SECTIONS.refunds.label}>
      <StatusList texts={REFUNDS_TEXTS} statuses={STATUSES} initial="failed" load={load} columns={columns} />
    </ConsolePage>
  );
}

/**
 * Privacidade (LGPD) (issue 32): buyers' requests confirmed by code from 'Meus números'. An export is answered with
 * the JSON file of their data ('Baixar dados'); a deletion is executed after a confirmation ('Excluir dados': name
 * 'Titular removido', phone, CPF and e-mail erased; purchases and ledger kept). Both are audited.
 */
import { Stack } from '@mui/material';
import { formatDateTime } from '@rifaria/shared/format';
import type { AdminPrivacyRequest, PrivacyRequestStatus } from '@rifaria/shared/schemas';
import { ActionButton } from '../../common/components/action-button';
import { ConsolePage } from '../../common/components/console-page';
import { ReasonButton, type ReasonTexts } from '../../common/components/reason-dialog';
import { SECTIONS } from '../../common/components/sections';
import { StatusList, type Statuses } from '../../common/components/status-list';
import { downloadExport, executeDeletion, listPrivacyRequests } from '../api/privacy-requests';

export const PRIVACY_TEXTS = { what: 'os pedidos LGPD', table: 'Pedidos LGPD', filter: 'Situação' } as const;

const KINDS = { export: 'Cópia dos dados', deletion: 'Exclusão dos dados' } as const;

const STATUSES: Statuses<PrivacyRequestStatus> = {
  pending: { label: 'Pendentes', empty: 'Nenhum pedido pendente.' },
  done: { label: 'Atendidos', empty: 'Nenhum pedido atendido ainda.' },
};

const DELETE: ReasonTexts = {
  title: 'Excluir os dados do titular',
  description:
    "O nome vira 'Titular removido' e telefone, CPF e e-mail são apagados em todo o sistema. Compras e lançamentos ficam, anonimizados. Não pode ser desfeito.",
  submit: 'Excluir dados',
  done: 'Dados do titular excluídos.',
  failed: 'Não foi possível excluir os dados.',
};

const at = (value: string | null) => (value ? formatDateTime(value) : '—');

function Actions({ request, reload }: { request: AdminPrivacyRequest; reload: () => void }) {
  if (request.status !== 'pending') return null;
  if (request.kind === 'export') {
    return (
      <ActionButton
        label="Baixar dados (JSON)"
        run={() => downloadExport(request.id).then(reload)}
        done="Arquivo baixado; o pedido foi atendido."
        failed="Não foi possível gerar o arquivo."
      />
    );
  }
  return <ReasonButton texts={DELETE} confirmOnly onSubmit={() => executeDeletion(request.id).then(reload)} />;
}

const columns = (reload: () => void) => [
  { header: 'Pedido', cell: (row: AdminPrivacyRequest) => KINDS[row.kind] },
  {
    header: 'Titular',
    cell: (row: AdminPrivacyRequest) => (
      <Stack>
        <span>{row.buyer.name}</span>
        <span>{row.buyer.anonymised ? 'anonimizado' : `${row.buyer.phone} · CPF ${row.buyer.cpf}`}</span>
      </Stack>
    ),
  },
  { header: 'Recebido em', cell: (row: AdminPrivacyRequest) => at(row.created_at) },
  { header: 'Confirmado em', cell: (row: AdminPrivacyRequest) => at(row.confirmed_at) },
  { header: 'Atendido em', cell: (row: AdminPrivacyRequest) => at(row.done_at) },
  { header: 'Ações', cell: (row: AdminPrivacyRequest) => <Actions request={row} reload={reload} /> },
];

const load = (query: { status: PrivacyRequestStatus }, signal: AbortSignal) =>
  listPrivacyRequests(query.status, signal);

export default function PrivacyPage() {
  return (
    <ConsolePage title={SECTIONS.privacy.label}>
      <StatusList texts={PRIVACY_TEXTS} statuses={STATUSES} initial="pending" load={load} columns={columns} />
    </ConsolePage>
  );
}

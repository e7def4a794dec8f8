/**
 * Conciliação (issue 32): a day's Pix at the PSP against the ledger (yesterday unless a date is chosen), 'Conciliar
 * agora', and each difference with its action: 'Reprocessar' (a Pix paid at the PSP but missing in the ledger: the
 * confirmation replayed, idempotent) or 'Marcar investigado' with a note.
 */
import { useState } from 'react';
import { Alert, Stack, TextField, Typography } from '@mui/material';
import { formatBRL, formatDateTime, formatInteger } from '@rifaria/shared/format';
import { useRequest } from '@rifaria/shared/ui';
import { ActionButton } from '../../common/components/action-button';
import { ConsolePage } from '../../common/components/console-page';
import { DataTable } from '../../common/components/data-table';
import { Loaded } from '../../common/components/loaded';
import { ReasonButton, type ReasonTexts } from '../../common/components/reason-dialog';
import { SECTIONS } from '../../common/components/sections';
import {
  getReconciliation,
  investigateMismatch,
  replayMismatch,
  runReconciliation,
  type Mismatch,
  type Reconciliation,
} from '../api/books';

export const RECONCILIATION_TEXTS = {
  what: 'a conciliação',
  date: 'Dia',
  run: 'Conciliar agora',
  ran: 'Conciliação concluída.',
  runFailed: 'Não foi possível conciliar.',
  notRun: 'Este dia ainda não foi conciliado.',
  psp: 'No PSP',
  ledger: 'No livro',
  mismatches: 'Divergências',
  none: 'Nenhuma divergência: o livro confere com o PSP.',
  replay: 'Reprocessar',
  replayed: 'Confirmação reprocessada.',
  replayFailed: 'Não foi possível reprocessar.',
} as const;

const KINDS = {
  missing_in_ledger: 'Pago no PSP, ausente no livro',
  unknown_at_psp: 'No livro, desconhecido no PSP',
  amount_differs: 'Valor diferente',
} as const;

const INVESTIGATE: ReasonTexts = {
  title: 'Marcar divergência como investigada',
  submit: 'Marcar investigado',
  field: 'Nota',
  done: 'Divergência marcada como investigada.',
  failed: 'Não foi possível marcar a divergência.',
};

const money = (cents: number | null) => (cents === null ? '—' : formatBRL(cents));

function columns(show: (next: Reconciliation) => void) {
  return [
    { header: 'Tipo', cell: (row: Mismatch) => KINDS[row.kind] },
    { header: 'txid', cell: (row: Mismatch) => row.txid ?? '—' },
    { header: 'E2E', cell: (row: Mismatch) => row.e2eid },
    { header: 'Valor no PSP', cell: (row: Mismatch) => money(row.amount) },
    { header: 'Valor no livro', cell: (row: Mismatch) => money(row.ledger_amount) },
    {
      header: 'Situação',
      cell: (row: Mismatch) => (row.status === 'open' ? 'Aberta' : `Investigada: ${row.note ?? ''}`),
    },
    {
      header: 'Ações',
      cell: (row: Mismatch) =>
        row.status === 'open' ? (
          <Stack direction="row" spacing={1}>
            {row.kind === 'missing_in_ledger' ? (
              <ActionButton
                label={RECONCILIATION_TEXTS.replay}
                run={() => replayMismatch(row.id).then(show)}
                done={RECONCILIATION_TEXTS.replayed}
                failed={RECONCILIATION_TEXTS.replayFailed}
              />
            ) : null}
            <ReasonButton
              texts={INVESTIGATE}
              color="warning"
              onSubmit={({ text }) => investigateMismatch(row.id, text).then(show)}
            />
          </Stack>
        ) : null,
    },
  ];
}

function Report({ report, show }: { report: Reconciliation; show: (next: Reconciliation) => void }) {
  const totals: [string, number, number][] = [
    [RECONCILIATION_TEXTS.psp, report.psp_count, report.psp_total],
    [RECONCILIATION_TEXTS.ledger, report.ledger_count, report.ledger_total],
  ];
  return (
    <Stack spacing={2}>
      {report.ran_at ? (
        <Typography color="text.secondary">{`Conciliado em ${formatDateTime(report.ran_at)}`}</Typography>
      ) : (
        <Alert severity="info">{RECONCILIATION_TEXTS.notRun}</Alert>
      )}
      <Stack direction="row" spacing={4}>
        {totals.map(([label, count, total]) => (
          <Typography key={label} component="p">
            <strong>{`${label}: `}</strong>
            {`${formatInteger(count)} Pix · ${formatBRL(total)}`}
          </Typography>
        ))}
      </Stack>
      <Typography variant="h6" component="h2">
        {`${RECONCILIATION_TEXTS.mismatches}: ${formatInteger(report.mismatches.length)}`}
      </Typography>
      {report.mismatches.length ? (
        <DataTable
          label={RECONCILIATION_TEXTS.mismatches}
          rows={report.mismatches}
          columns={columns(show)}
          rowKey={(row) => row.id}
        />
      ) : (
        <Alert severity="success">{RECONCILIATION_TEXTS.none}</Alert>
      )}
    </Stack>
  );
}

export default function ReconciliationPage() {
  const [date, setDate] = useState('');
  const report = useRequest((signal) => getReconciliation(date, signal), [date]);
  const day = date || report.data?.date || '';
  return (
    <ConsolePage
      title={SECTIONS.reconciliation.label}
      actions={
        <ActionButton
          variant="contained"
          label={RECONCILIATION_TEXTS.run}
          disabled={!day}
          run={() => runReconciliation(day).then(report.setData)}
          done={RECONCILIATION_TEXTS.ran}
          failed={RECONCILIATION_TEXTS.runFailed}
        />
      }
    >
      <TextField
        type="date"
        size="small"
        label={RECONCILIATION_TEXTS.date}
        value={day}
        onChange={(event) => setDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 200 }}
      />
      <Loaded state={report} what={RECONCILIATION_TEXTS.what}>
        {(data) => <Report report={data} show={report.setData} />}
      </Loaded>
    </ConsolePage>
  );
}

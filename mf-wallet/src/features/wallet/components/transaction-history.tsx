import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { formatDateTime } from '@rifaria/shared/format';
import { formatReais } from '@rifaria/shared/money';
import { RetryAlert, useRequest } from '@rifaria/shared/ui';
import { TransferReceiptDialog } from './transfer-receipt';
import { getTransactions, type PeriodDays, type TransactionFilter, type WalletTransaction } from '../api/transactions';

export const HISTORY_TEXTS = {
  title: 'Histórico de transações',
  period: 'Período',
  type: 'Tipo',
  empty: 'Nenhuma transação neste período.',
  loadError: 'Erro ao carregar transações.',
  retry: 'Tentar novamente',
  /** A draw's release: the campaign's sales move from 'Futuro' to 'Disponível' inside the wallet (issue 30, item 6). */
  release: 'Liberado para saldo disponível',
  releaseTag: 'Futuro → Disponível',
  future: 'Futuro',
  available: 'Disponível',
  /** A completed transfer's receipt (comprovante), on screen and as a PDF. */
  receipt: 'Comprovante',
} as const;

export const PERIOD_OPTIONS: { value: PeriodDays; label: string }[] = [
  { value: 7, label: '7 dias' },
  { value: 30, label: '30 dias' },
  { value: 60, label: '60 dias' },
];
export const TYPE_OPTIONS: { value: TransactionFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'in', label: 'Entradas' },
  { value: 'out', label: 'Saídas' },
];
export const HISTORY_PAGE_SIZE = 20;

const STATUS_LABEL = { pending: 'Pendente', failed: 'Falhou', completed: null } as const;

/** One filter of the statement: a small select over its options. */
function FilterSelect<T extends string | number>(props: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => {
        const chosen = props.options.find((option) => String(option.value) === String(event.target.value));
        if (chosen) props.onChange(chosen.value);
      }}
      sx={{ minWidth: 120 }}
    >
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * One line of the statement. Money in ('+', green) and out ('−', red) add up to the total balance; a release is
 * neither: money moving from 'Futuro' to 'Disponível' inside the wallet, shown neutral, without a sign. A sale is
 * tagged with the balance its money is in now ('Futuro' until its draw, 'Disponível' after).
 */
function TransactionLine({ tx, onReceipt }: { tx: WalletTransaction; onReceipt: (transferId: number) => void }) {
  const move = tx.type === 'move';
  const status = STATUS_LABEL[tx.status];
  const balanceTag =
    tx.kind === 'sale' || tx.balance === 'blocked'
      ? tx.balance === 'blocked'
        ? HISTORY_TEXTS.future
        : HISTORY_TEXTS.available
      : null;
  return (
    <ListItem divider disableGutters sx={{ gap: 2, alignItems: 'flex-start' }}>
      <ListItemText
        sx={{ my: 0.5 }}
        primary={move ? HISTORY_TEXTS.release : tx.description}
        secondary={
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            component="span"
            sx={{ alignItems: 'center', mt: 0.25, flexWrap: 'wrap', rowGap: 0.5 }}
          >
            {move ? <span>{tx.description}</span> : null}
            <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(tx.created_at)}</span>
            {status ? <Chip component="span" label={status} size="small" variant="outlined" /> : null}
            {move ? <Chip component="span" label={HISTORY_TEXTS.releaseTag} size="small" variant="outlined" /> : null}
            {balanceTag ? (
              <Chip
                component="span"
                label={balanceTag}
                size="small"
                variant="outlined"
                color={tx.balance === 'blocked' ? 'info' : 'success'}
              />
            ) : null}
            {tx.kind === 'transfer' && tx.status === 'completed' && tx.transfer_id !== null ? (
              <Button
                size="small"
                sx={{ minWidth: 0, p: 0, textTransform: 'none' }}
                aria-label={`${HISTORY_TEXTS.receipt}: ${tx.description}`}
                onClick={() => onReceipt(tx.transfer_id!)}
              >
                {HISTORY_TEXTS.receipt}
              </Button>
            ) : null}
          </Stack>
        }
      />
      <Typography
        sx={{
          mt: 0.75,
          flexShrink: 0,
          fontWeight: 600,
          color: move ? 'text.secondary' : tx.type === 'in' ? 'success.main' : 'error.main',
          whiteSpace: 'nowrap',
        }}
      >
        {move ? formatReais(tx.amount) : `${tx.type === 'in' ? '+' : '−'} ${formatReais(tx.amount)}`}
      </Typography>
    </ListItem>
  );
}

/** The wallet's statement; the filters and the page are query parameters of the API, so each change re-queries. */
export function TransactionHistory({ walletId, version = 0 }: { walletId: number; version?: number }) {
  const [period, setPeriod] = useState<PeriodDays>(30);
  const [type, setType] = useState<TransactionFilter>('all');
  const [page, setPage] = useState(1);
  const [receiptOf, setReceiptOf] = useState<number | null>(null);
  const history = useRequest(
    (signal) => getTransactions(walletId, { period, type, page, per_page: HISTORY_PAGE_SIZE }, signal),
    [walletId, period, type, page, version],
  );
  /** A new filter starts again from the first page. */
  const filterBy =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const ready = history.status === 'ready' ? history.data : null;
  const lastPage = ready?.pagination?.last_page ?? 1;

  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {HISTORY_TEXTS.title}
          </Typography>
          <Stack direction="row" spacing={1.5}>
            <FilterSelect
              label={HISTORY_TEXTS.period}
              value={period}
              options={PERIOD_OPTIONS}
              onChange={filterBy(setPeriod)}
            />
            <FilterSelect label={HISTORY_TEXTS.type} value={type} options={TYPE_OPTIONS} onChange={filterBy(setType)} />
          </Stack>
        </Stack>

        {history.status === 'loading' ? (
          <Box aria-busy="true" aria-label="Carregando transações">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} variant="rounded" height={52} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : !ready ? (
          <RetryAlert onRetry={history.reload}>{apiErrorMessage(history.error, HISTORY_TEXTS.loadError)}</RetryAlert>
        ) : ready.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {HISTORY_TEXTS.empty}
          </Typography>
        ) : (
          <List disablePadding aria-label={HISTORY_TEXTS.title}>
            {ready.data.map((tx) => (
              <TransactionLine key={tx.id} tx={tx} onReceipt={setReceiptOf} />
            ))}
          </List>
        )}

        {ready && lastPage > 1 ? (
          <Pagination
            count={lastPage}
            page={page}
            onChange={(_event, value) => setPage(value)}
            sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          />
        ) : null}
      </CardContent>
      <TransferReceiptDialog walletId={walletId} transferId={receiptOf} onClose={() => setReceiptOf(null)} />
    </Card>
  );
}

/**
 * Balancete (issue 32): every ledger account's balance and the total (always R$ 0,00), and per organiser 'Futuro' and
 * 'Disponível' as the ledger says and as the wallet shows (they always agree; a difference is flagged).
 */
import { Alert, Stack, Typography } from '@mui/material';
import { formatBRL } from '@rifaria/shared/format';
import { useRequest } from '@rifaria/shared/ui';
import { ConsolePage } from '../../common/components/console-page';
import { TableSection } from '../../common/components/table-section';
import { Loaded } from '../../common/components/loaded';
import { SECTIONS } from '../../common/components/sections';
import { getTrialBalance, type OrganiserBalances, type TrialBalance } from '../api/books';

export const TRIAL_BALANCE_TEXTS = {
  what: 'o balancete',
  accounts: 'Contas do livro',
  total: 'Total',
  unbalanced: 'O total não é zero: o livro está desbalanceado.',
  organisers: 'Organizadores: livro e carteira',
  agrees: 'Confere',
  differs: 'Diverge',
} as const;

type OrganiserRow = OrganiserBalances;

const ACCOUNTS = [
  { header: 'Conta', cell: (row: TrialBalance['accounts'][number]) => <code>{row.code}</code> },
  { header: 'Saldo', cell: (row: TrialBalance['accounts'][number]) => formatBRL(row.balance) },
];

const codeOf = (row: { code: string }) => row.code;
const userOf = (row: OrganiserRow) => row.user_id;

const agrees = (row: OrganiserRow) =>
  row.ledger_pending === row.wallet_pending && row.ledger_available === row.wallet_available;

const ORGANISERS = [
  { header: 'Organizador', cell: (row: OrganiserRow) => row.name },
  { header: 'Futuro (livro)', cell: (row: OrganiserRow) => formatBRL(row.ledger_pending) },
  { header: 'Futuro (carteira)', cell: (row: OrganiserRow) => formatBRL(row.wallet_pending) },
  { header: 'Disponível (livro)', cell: (row: OrganiserRow) => formatBRL(row.ledger_available) },
  { header: 'Disponível (carteira)', cell: (row: OrganiserRow) => formatBRL(row.wallet_available) },
  {
    header: TRIAL_BALANCE_TEXTS.agrees,
    cell: (row: OrganiserRow) => (agrees(row) ? TRIAL_BALANCE_TEXTS.agrees : TRIAL_BALANCE_TEXTS.differs),
  },
];

function Balance({ balance }: { balance: TrialBalance }) {
  const texts = TRIAL_BALANCE_TEXTS;
  return (
    <Stack spacing={3}>
      <TableSection title={texts.accounts} rows={balance.accounts} columns={ACCOUNTS} rowKey={codeOf} />
      <Typography variant="h6" component="p">{`${texts.total}: ${formatBRL(balance.total)}`}</Typography>
      {balance.total !== 0 ? <Alert severity="error">{texts.unbalanced}</Alert> : null}
      <TableSection title={texts.organisers} rows={balance.organisers} columns={ORGANISERS} rowKey={userOf} />
    </Stack>
  );
}

export default function TrialBalancePage() {
  const balance = useRequest(getTrialBalance, []);
  return (
    <ConsolePage title={SECTIONS.trialBalance.label}>
      <Loaded state={balance} what={TRIAL_BALANCE_TEXTS.what}>
        {(data) => <Balance balance={data} />}
      </Loaded>
    </ConsolePage>
  );
}

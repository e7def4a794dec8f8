import { useCallback, useState } from 'react';
import { readApiError } from '@rifaria/shared/api-client';
import { formatReais } from '@rifaria/shared/money';
import { useRequest } from '@rifaria/shared/ui';
import { getBalance, type WalletBalance } from '../api/wallets';

export const BALANCE_MESSAGES = {
  connection: 'Erro na conexão',
  failed: 'Erro ao carregar saldo',
  show: 'Mostrar saldo',
  hide: 'Ocultar saldo',
  hidden: 'R$ ••••',
} as const;

export interface BalanceState {
  balance: WalletBalance | null;
  visible: boolean;
  loading: boolean;
  error: string | null;
  /** The eye button: the first reveal fetches the balance; later clicks only toggle the mask. */
  toggle: () => void;
  /** Fetches again (after a deposit or transfer); keeps the current visibility. */
  refresh: () => void;
  /** A figure of the balance as shown: formatted when revealed, 'R$ ••••' otherwise. */
  figure: (reais: number | undefined) => string;
}

/** A 200 that says it failed: its message is shown as it is. */
class BalanceRefused extends Error {}

/** Spec section 8: the response's message, else 'Erro na conexão' (no response) or 'Erro ao carregar saldo'. */
function balanceError(error: unknown): string {
  if (error instanceof BalanceRefused) return error.message;
  const info = readApiError(error);
  if (info.message) return info.message;
  return info.kind === 'network' || info.kind === 'timeout' ? BALANCE_MESSAGES.connection : BALANCE_MESSAGES.failed;
}

/** The balance of a wallet, hidden ('R$ ••••') and not even fetched until the person asks to see it. */
export function useBalance(walletId: number | null | undefined): BalanceState {
  /** The balance was asked for (first reveal): until then nothing is fetched. */
  const [wanted, setWanted] = useState(false);
  /** The eye is open; the figures show once there is a balance to show (a failed first fetch keeps them masked). */
  const [shown, setShown] = useState(false);
  const request = useRequest(
    async (signal): Promise<WalletBalance | null> => {
      if (!walletId || !wanted) return null;
      const reply = await getBalance(walletId, signal);
      if (!reply.success || !reply.data) throw new BalanceRefused(reply.message || BALANCE_MESSAGES.failed);
      return reply.data;
    },
    [walletId, wanted],
  );

  const loading = wanted && request.status === 'loading';
  const { data: balance, reload } = request;
  const visible = shown && balance !== null;

  const toggle = useCallback(() => {
    if (visible) {
      setShown(false);
      return;
    }
    setShown(true);
    if (balance) return;
    // One request at a time: a click while it is under way waits for the same answer.
    if (!wanted) setWanted(true);
    else if (!loading) reload();
  }, [visible, balance, wanted, loading, reload]);

  const refresh = useCallback(() => {
    if (wanted && !loading) reload();
  }, [wanted, loading, reload]);

  return {
    balance,
    visible,
    loading,
    error: request.status === 'error' ? balanceError(request.error) : null,
    toggle,
    refresh,
    figure: (reais) => (visible ? formatReais(reais) : BALANCE_MESSAGES.hidden),
  };
}

import { useCallback, useRef, useState } from 'react';
import { readApiError } from '@rifaria/shared/api-client';
import { walletApi, type WalletBalance } from '../api/wallets';

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
  refresh: () => Promise<void>;
  /** Fetches now without revealing (the banner shows Disponível / Futuro right away). */
  load: () => Promise<void>;
}

/** Spec section 8: the response's message, else 'Erro na conexão' (no response) or 'Erro ao carregar saldo'. */
function balanceError(error: unknown): string {
  const info = readApiError(error);
  if (info.message) return info.message;
  return info.kind === 'network' || info.kind === 'timeout' ? BALANCE_MESSAGES.connection : BALANCE_MESSAGES.failed;
}

export function useBalance(walletId: number | null | undefined): BalanceState {
  const [balance, setBalance] = useState<WalletBalance | null>(null);
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);

  const fetchBalance = useCallback(async (): Promise<boolean> => {
    if (!walletId) return false;
    if (inFlight.current) return inFlight.current;
    const run = (async () => {
      setLoading(true);
      setError(null);
      try {
        const reply = await walletApi.balance(walletId);
        if (!reply.success || !reply.data) {
          setError(reply.message || BALANCE_MESSAGES.failed);
          return false;
        }
        setBalance(reply.data);
        return true;
      } catch (err) {
        setError(balanceError(err));
        return false;
      } finally {
        setLoading(false);
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }, [walletId]);

  const toggle = useCallback(() => {
    if (visible) {
      setVisible(false);
      return;
    }
    if (balance) {
      setVisible(true);
      return;
    }
    void fetchBalance().then((ok) => {
      if (ok) setVisible(true);
    });
  }, [visible, balance, fetchBalance]);

  const refresh = useCallback(async () => {
    await fetchBalance();
  }, [fetchBalance]);

  return { balance, visible, loading, error, toggle, refresh, load: refresh };
}

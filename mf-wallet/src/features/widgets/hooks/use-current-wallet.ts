import { useEffect, useState } from 'react';
import { pickWallet, walletApi, type UserWallet } from '../api/wallets';

export type WalletLookup = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; wallet: UserWallet | null };

/** The organiser's current wallet (active, else in review), for the dashboard widgets. */
export function useCurrentWallet(): WalletLookup {
  const [state, setState] = useState<WalletLookup>({ kind: 'loading' });
  useEffect(() => {
    let active = true;
    walletApi
      .list()
      .then((wallets) => active && setState({ kind: 'ready', wallet: pickWallet(wallets) }))
      .catch((error: unknown) => {
        // Spec: a dashboard load failure is only logged; the widget says so quietly instead of breaking the page.
        console.error('[mf_wallet] erro ao carregar carteiras', error);
        if (active) setState({ kind: 'error' });
      });
    return () => {
      active = false;
    };
  }, []);
  return state;
}

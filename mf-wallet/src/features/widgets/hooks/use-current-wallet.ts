import { useRequest, type RequestStatus } from '@rifaria/shared/ui';
import { getWallets, pickWallet, type UserWallet } from '../../common/api/wallets';

export interface CurrentWallet {
  status: RequestStatus;
  /** The active wallet, else the one in review; null without one (or before the answer). */
  wallet: UserWallet | null;
}

/** The organiser's current wallet (active, else in review), for the dashboard widgets. */
export function useCurrentWallet(): CurrentWallet {
  const request = useRequest(
    (signal) =>
      getWallets(signal).catch((error: unknown) => {
        // Spec: a dashboard load failure is only logged; the widget says so quietly instead of breaking the page.
        console.error('[mf_wallet] erro ao carregar carteiras', error);
        throw error;
      }),
    [],
  );
  return { status: request.status, wallet: request.data ? pickWallet(request.data) : null };
}

/**
 * What the wizard offers to choose from: the draw types (step 1) and the active wallets (step 4), loaded again at
 * every opening. A 401 says the session expired (spec section 8); anything else, the step's own message.
 */
import { readApiError } from '@rifaria/shared/api-client';
import { AUTH_MESSAGES, CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import type { DrawType } from '@rifaria/shared/types';
import { useRequest, type RequestState } from '@rifaria/shared/ui';
import { getDrawTypes } from '../api/get-draw-types';
import { getActiveWallets, type WalletOption } from '../api/get-wallets';

/** While the wizard is closed nothing loads, and what was loaded stays until the next opening replaces it. */
const whileClosed = () => new Promise<never>(() => undefined);

function loadError(request: Pick<RequestState<unknown>, 'status' | 'error'>, message: string): string | null {
  if (request.status !== 'error') return null;
  return readApiError(request.error).status === 401 ? AUTH_MESSAGES.sessionExpired : message;
}

export interface WizardOptions {
  drawTypes: DrawType[];
  drawTypesError: string | null;
  /** null while loading. */
  wallets: WalletOption[] | null;
  walletsError: string | null;
}

export function useWizardOptions(open: boolean): WizardOptions {
  const drawTypes = useRequest((signal) => (open ? getDrawTypes(signal) : whileClosed()), [open]);
  const wallets = useRequest((signal) => (open ? getActiveWallets(signal) : whileClosed()), [open]);
  return {
    drawTypes: drawTypes.data ?? [],
    drawTypesError: loadError(drawTypes, CAMPAIGN_MESSAGES.drawTypesLoadFailed),
    wallets: open && wallets.status === 'loading' ? null : wallets.data,
    walletsError: loadError(wallets, CAMPAIGN_MESSAGES.walletsLoadFailed),
  };
}

import type { WorkerStep } from '../lib/worker';
import type { TransfersService } from './transfers';

/** The wallets' share of each worker tick: re-check Pix transfers still processing at the PSP. */
export function walletsWorkerSteps(transfers: TransfersService): WorkerStep[] {
  return [{ name: 'transfers', run: () => transfers.recheckProcessing() }];
}

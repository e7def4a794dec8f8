import type { WorkerStep } from '../lib/worker';
import type { PrivacyService } from './privacy';

/** The retention pass reads every buyer: once an hour is plenty for a limit counted in days. */
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/**
 * LGPD housekeeping (buyers/privacy.ts): erases buyers BUYER_DATA_RETENTION_DAYS after their campaigns ended (a
 * batch a pass, hourly until none is left), and a deletion's last messages once delivered (dropping requests left
 * unconfirmed for a day).
 */
export function privacyWorkerSteps(privacy: PrivacyService, now: () => number = Date.now): WorkerStep[] {
  let nextRetention = 0;
  return [
    {
      name: 'buyer-data-retention',
      run: async () => {
        if (now() < nextRetention) return 0;
        const erased = await privacy.retentionPass();
        // A full batch: more are waiting, go on next pass.
        if (erased === 0) nextRetention = now() + RETENTION_EVERY_MS;
        return erased;
      },
    },
    { name: 'privacy-notices', run: () => privacy.eraseDeliveredNotices() },
  ];
}

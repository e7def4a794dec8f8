import type { FastifyBaseLogger } from 'fastify';
import type { TransfersService } from '../wallets/transfers';
import type { PaymentsService } from './service';

export interface PaymentsWorker {
  /** Stops scheduling and waits for a tick in progress. */
  stop(): Promise<void>;
  /** One pass of every step (also what each tick runs). */
  tick(): Promise<void>;
}

/**
 * Background duties of the payments core, one pass every `intervalMs`: expire overdue charges, reconcile
 * charges whose webhook never came, re-check transfers still processing. Ticks never overlap; several API
 * processes may run it on PostgreSQL (rows are claimed with FOR UPDATE SKIP LOCKED).
 */
export function startPaymentsWorker(options: {
  payments: PaymentsService;
  transfers: TransfersService;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Steps of other features run on every tick after these (e.g. the account-opening KYC review). */
  extraSteps?: { name: string; run: () => Promise<unknown> }[];
}): PaymentsWorker {
  const { payments, transfers, log } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const step = async (name: string, fn: () => Promise<unknown>) => {
    try {
      const result = await fn();
      log.debug({ step: name, result }, 'payments worker step');
    } catch (error) {
      // One failing step must not stop the others nor the loop.
      log.error({ err: error, step: name }, 'payments worker step failed');
    }
  };

  const tick = async () => {
    await step('expire', () => payments.expirePendingCharges());
    await step('reconcile', () => payments.reconcilePendingCharges());
    await step('transfers', () => transfers.recheckProcessing());
    for (const extra of options.extraSteps ?? []) await step(extra.name, extra.run);
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = null;
        schedule();
      });
    }, options.intervalMs);
    // The worker alone never keeps the process alive.
    timer.unref();
  };
  schedule();

  return {
    tick,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

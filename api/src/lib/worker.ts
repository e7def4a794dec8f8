import type { FastifyBaseLogger } from 'fastify';

/** One duty of the background worker (each domain's `worker.ts` lists its own). */
export interface WorkerStep {
  name: string;
  run: () => Promise<unknown>;
  /**
   * 'process': the step works on this process's own state (its ticket leases), so every API process runs it, even
   * with BACKGROUND_JOBS=local. Otherwise the step is shared work claimed from the database by whichever runs it.
   */
  scope?: 'process';
}

/** The steps a process runs for its BACKGROUND_JOBS setting. */
export const stepsFor = (steps: WorkerStep[], jobs: 'all' | 'local'): WorkerStep[] =>
  jobs === 'all' ? steps : steps.filter((step) => step.scope === 'process');

export interface Worker {
  /** Stops scheduling and waits for a tick in progress. */
  stop(): Promise<void>;
  /** One pass of every step (also what each tick runs). */
  tick(): Promise<void>;
}

/**
 * The background worker: one pass of every step every `intervalMs` (expire overdue charges and reservations,
 * reconcile payments whose webhook never came, re-check transfers, review account applications…). Ticks never
 * overlap and a failing step fails alone; several API processes may run it on PostgreSQL (rows are claimed with
 * FOR UPDATE SKIP LOCKED).
 */
export function startWorker(options: {
  steps: WorkerStep[];
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Told each step's duration and whether it failed (GET /metrics's worker histogram). */
  observe?: (step: string, seconds: number, failed: boolean) => void;
}): Worker {
  const { steps, log, observe } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const step = async ({ name, run }: WorkerStep) => {
    const started = performance.now();
    let failed = false;
    try {
      const result = await run();
      log.debug({ step: name, result }, 'worker step');
    } catch (error) {
      failed = true;
      // One failing step must not stop the others nor the loop.
      log.error({ err: error, step: name }, 'worker step failed');
    }
    observe?.(name, (performance.now() - started) / 1000, failed);
  };

  const tick = async () => {
    for (const each of steps) await step(each);
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

import type { WorkerStep } from '../lib/worker';
import type { OperatorsService } from './operators';

/** The back office's share of each worker tick: login challenges gone a day past their 5 minutes are deleted. */
export function operatorsWorkerSteps(operators: OperatorsService): WorkerStep[] {
  return [{ name: 'operator-challenges', run: () => operators.repository.deleteOldChallenges() }];
}

import type { WorkerStep } from '../lib/worker';
import type { KycReviewService } from './kyc';

/** The account-opening share of each worker tick: review the due applications. */
export function accountsWorkerSteps(kycReview: KycReviewService): WorkerStep[] {
  return [{ name: 'account-review', run: () => kycReview.reviewPendingApplications() }];
}

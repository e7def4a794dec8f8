import type { FastifyInstance } from 'fastify';

/** The account-opening work of one worker tick: review the due applications. */
export async function accountWorkerStep(app: FastifyInstance): Promise<void> {
  await app.services.kycReview.reviewPendingApplications();
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { OrganiserMail } from '../mail/organiser-mail';
import type { FileStorage, StoredFile } from '../storage';
import type { AccountApplication, AccountsRepository } from './repository';

/**
 * KYC ("know your customer") review of account applications.
 *
 * A reviewer decides on one application at a time. The review service hands it the applications that are
 * due, each locked with FOR UPDATE SKIP LOCKED inside a transaction, and applies the decision to the
 * application and its wallet in that same transaction: several API processes never review one twice.
 */

export type KycDecision =
  | { outcome: 'approved' }
  | { outcome: 'rejected'; reason: string }
  /** No decision yet (e.g. the provider is still analysing): offered again on a later pass. */
  | { outcome: 'pending' };

export interface KycReviewContext {
  /** Reads the uploaded identity document through the storage interface. */
  document(): Promise<StoredFile | null>;
}

export interface KycReviewer {
  /** Recorded as account_applications.reviewer. */
  readonly name: string;
  /** Applications younger than this are not offered yet (database clock). */
  readonly minimumAgeMs: number;
  /** true: a person decides each application (the operators' queue, issue 32); the worker offers it nothing. */
  readonly awaitsOperator?: boolean;
  /**
   * Runs inside the review transaction while the application row is locked: keep it short (a provider call
   * with a timeout), and return 'pending' rather than waiting for a slow provider.
   */
  review(application: AccountApplication, context: KycReviewContext): Promise<KycDecision>;
}

/** The offline default: every application is approved once it is `delayMs` old (KYC_SANDBOX_APPROVAL_DELAY_MS). */
export class SandboxKycReviewer implements KycReviewer {
  readonly name = 'sandbox';
  constructor(readonly minimumAgeMs: number) {}

  review(): Promise<KycDecision> {
    return Promise.resolve({ outcome: 'approved' });
  }
}

/**
 * KYC_PROVIDER=manual (issue 32): nothing is decided automatically. Each application waits 'Em análise' in the
 * operators' queue (GET /api/admin/account-openings), with the automatic checks recorded when it was sent
 * (checks.ts), until an operator approves or rejects it (KycDecisionService).
 */
export class ManualKycReviewer implements KycReviewer {
  readonly name = 'manual';
  readonly minimumAgeMs = 0;
  readonly awaitsOperator = true;

  review(): Promise<KycDecision> {
    return Promise.resolve({ outcome: 'pending' });
  }
}

/** The reviewer KYC_PROVIDER names. */
export function kycReviewerFor(config: {
  provider: 'sandbox' | 'manual';
  sandboxApprovalDelayMs: number;
}): KycReviewer {
  return config.provider === 'manual' ? new ManualKycReviewer() : new SandboxKycReviewer(config.sandboxApprovalDelayMs);
}

export interface ReviewSummary {
  approved: number;
  rejected: number;
  pending: number;
}

/** Applications per pass: bounds how long one transaction holds its locks. */
const BATCH_SIZE = 20;

export class KycReviewService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: AccountsRepository,
    private readonly storage: FileStorage,
    private readonly reviewer: KycReviewer,
    private readonly log: FastifyBaseLogger,
    /** The organiser's 'conta aprovada' e-mail, in the approval's transaction, once per wallet. */
    private readonly mail: OrganiserMail,
  ) {}

  /** One pass over the due applications (called by the worker loop; tests call it directly). */
  async reviewPendingApplications(): Promise<ReviewSummary> {
    const summary: ReviewSummary = { approved: 0, rejected: 0, pending: 0 };
    // The operators decide: no row is locked (an operator's decision never waits behind the worker's pass).
    if (this.reviewer.awaitsOperator) return summary;
    await this.db.transaction().execute(async (trx) => {
      const due = await this.accounts.lockPendingApplications(this.reviewer.minimumAgeMs, BATCH_SIZE, trx);
      for (const application of due) {
        const decision = await this.reviewer.review(application, {
          document: () => this.storage.get(application.document_storage_key),
        });
        if (decision.outcome === 'approved') {
          await this.accounts.approve(application, this.reviewer.name, trx);
          await this.mail.walletApproved(trx, application.user_wallet_id);
          summary.approved += 1;
        } else if (decision.outcome === 'rejected') {
          await this.accounts.reject(application, this.reviewer.name, decision.reason, trx);
          summary.rejected += 1;
        } else {
          summary.pending += 1;
        }
      }
    });
    if (summary.approved || summary.rejected) {
      this.log.info({ ...summary, reviewer: this.reviewer.name }, 'account applications reviewed');
    }
    return summary;
  }
}

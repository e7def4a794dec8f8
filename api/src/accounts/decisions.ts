import type { Kysely } from 'kysely';
import { kycRejectionText, type KycRejectInput } from '@rifaria/shared/schemas';
import { recordAudit } from '../admin/audit';
import type { Database, Executor } from '../db/schema';
import { HttpError } from '../lib/errors';
import type { OrganiserMail } from '../mail/organiser-mail';
import { ACCOUNT_MESSAGES } from './messages';
import type { AccountApplication, AccountsRepository } from './repository';

/** Recorded as account_applications.reviewer when a person decided (the audit log says which operator). */
export const OPERATOR_REVIEWER = 'operator';

/** Who decides, and from where (the audit log's operator and address). */
export interface OperatorActor {
  operatorId: string;
  address: string | null;
}

/**
 * An operator's decision on an account opening (issue 32, KYC_PROVIDER=manual): in ONE transaction, with the
 * application locked FOR UPDATE so two operators cannot both decide (the second waits, then gets 409), the
 * application and its wallet change exactly as the automatic review changes them (kyc.ts), the organiser's e-mail
 * is queued, and the audit row is written.
 */
export class KycDecisionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: AccountsRepository,
    private readonly mail: OrganiserMail,
  ) {}

  approve(applicationId: string, actor: OperatorActor): Promise<void> {
    return this.decide(applicationId, async (application, trx) => {
      await this.accounts.approve(application, OPERATOR_REVIEWER, trx);
      await this.mail.walletApproved(trx, application.user_wallet_id);
      await this.audit(trx, actor, 'account_opening.approve', application, { status: 'approved', wallet: 'active' });
    });
  }

  reject(applicationId: string, input: KycRejectInput, actor: OperatorActor): Promise<void> {
    return this.decide(applicationId, async (application, trx) => {
      const text = kycRejectionText(input.reason, input.details);
      await this.accounts.reject(application, OPERATOR_REVIEWER, text, trx, {
        rejection_code: input.reason,
        rejection_details: input.details,
      });
      await this.mail.walletRejected(trx, application.user_wallet_id, text);
      // The code only: the free text may name the person (the audit log holds no personal data).
      await this.audit(trx, actor, 'account_opening.reject', application, {
        status: 'rejected',
        wallet: 'rejected',
        reason: input.reason,
      });
    });
  }

  private async decide(
    applicationId: string,
    apply: (application: AccountApplication, trx: Executor) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const application = await this.accounts.lockApplication(applicationId, trx);
      if (!application) throw new HttpError(404, ACCOUNT_MESSAGES.applicationNotFound);
      if (application.status !== 'in_review') throw new HttpError(409, ACCOUNT_MESSAGES.alreadyDecided);
      await apply(application, trx);
    });
  }

  private audit(
    trx: Executor,
    actor: OperatorActor,
    action: string,
    application: AccountApplication,
    after: Record<string, string>,
  ): Promise<void> {
    return recordAudit(trx, {
      operatorId: actor.operatorId,
      action,
      targetType: 'account_opening',
      targetId: application.id,
      before: { status: application.status, wallet: 'in_review', wallet_id: application.user_wallet_id },
      after: { ...after, wallet_id: application.user_wallet_id },
      address: actor.address,
    });
  }
}

import { paths } from '@rifaria/shared/paths';
import type { Selectable } from 'kysely';
import type { Executor, WalletTransfersTable } from '../db/schema';
import type { MailOutboxRepository } from './repository';
import { campaignPublishedEmail, transferSentEmail, walletApprovedEmail, walletRejectedEmail } from './templates';
import type { MailMessage } from './transport';

/**
 * The organiser's e-mails about events of their account (issue 30): the wallet approved, a campaign published, a
 * transfer sent. Each is written in the transaction of the event, keyed by the event ('wallet_approved:<wallet>',
 * 'campaign_published:<campaign>', 'transfer_sent:<transfer>'): processed twice, it is still queued once.
 */
export class OrganiserMail {
  constructor(
    private readonly outbox: MailOutboxRepository,
    /** Links in the e-mails are built on this origin (lib/public-origin.ts linkOriginOf). */
    private readonly origin: string,
  ) {}

  /** The wallet's owner and number. */
  private walletOwner(trx: Executor, walletId: string) {
    return trx
      .selectFrom('user_wallets as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['u.name', 'u.email', 'w.account_number'])
      .where('w.id', '=', walletId)
      .executeTakeFirst();
  }

  async walletApproved(trx: Executor, walletId: string): Promise<void> {
    const row = await this.walletOwner(trx, walletId);
    if (!row) return;
    const mail = walletApprovedEmail({
      to: row.email,
      name: row.name,
      accountNumber: row.account_number,
      link: `${this.origin}${paths.wallets.getHref()}`,
    });
    await this.queue(trx, `wallet_approved:${walletId}`, mail);
  }

  /** Issue 32: an operator rejected the account opening; `reason` is the sentence the organiser reads. */
  async walletRejected(trx: Executor, walletId: string, reason: string): Promise<void> {
    const row = await this.walletOwner(trx, walletId);
    if (!row) return;
    const mail = walletRejectedEmail({
      to: row.email,
      name: row.name,
      reason,
      link: `${this.origin}${paths.wallets.getHref()}`,
    });
    await this.queue(trx, `wallet_rejected:${walletId}`, mail);
  }

  async campaignPublished(trx: Executor, campaignId: string): Promise<void> {
    const row = await trx
      .selectFrom('campaigns as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.name', 'u.email', 'c.name as campaign_name', 'c.link'])
      .where('c.id', '=', campaignId)
      .executeTakeFirst();
    if (!row) return;
    const mail = campaignPublishedEmail({
      to: row.email,
      name: row.name,
      campaignName: row.campaign_name,
      publicUrl: `${this.origin}${paths.publicCampaign.getHref(row.link)}`,
      link: `${this.origin}${paths.campaignPanel.getHref(campaignId)}`,
    });
    await this.queue(trx, `campaign_published:${campaignId}`, mail);
  }

  async transferSent(trx: Executor, transfer: Selectable<WalletTransfersTable>): Promise<void> {
    const user = await trx
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', transfer.user_id)
      .executeTakeFirst();
    if (!user) return;
    const mail = transferSentEmail({
      to: user.email,
      name: user.name,
      amountCents: Number(transfer.amount_cents),
      recipient: transfer.recipient_name
        ? `${transfer.recipient_name} (${transfer.recipient_bank ?? 'instituição não informada'})`
        : 'a chave Pix informada',
      endToEndId: transfer.end_to_end_id,
      completedAt: transfer.updated_at,
      link: `${this.origin}${paths.wallets.getHref()}`,
    });
    await this.queue(trx, `transfer_sent:${transfer.id}`, mail);
  }

  private async queue(trx: Executor, dedupeKey: string, mail: MailMessage): Promise<void> {
    await this.outbox.enqueueOnce(
      {
        to_address: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        body_html: mail.html ?? null,
        dedupe_key: dedupeKey,
      },
      trx,
    );
  }
}

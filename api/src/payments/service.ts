import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PixChargePurpose, PixChargesTable } from '../db/schema';
import { claimLeased, leaseOver } from '../db/leases';
import {
  PixWebhookRejected,
  type PixPayer,
  type PixProvider,
  type PixReceivedPayment,
  type PixWebhookNotice,
  type WebhookCredentials,
  type WebhookRequest,
} from './pix-provider';
import { parsePixWebhookBody } from './bacen/webhook';
import { qrCodeDataUrl } from './qr';

export type PixChargeRow = Selectable<PixChargesTable>;

export interface PaidEvent {
  charge: PixChargeRow;
  /** The Pix as the PSP reported it on re-fetch (never the webhook's own claim). */
  payment: PixReceivedPayment;
}

/** Runs inside the crediting transaction: post to the ledger with `trx`, never with the root handle. */
export type PaidHandler = (trx: Transaction<Database>, event: PaidEvent) => Promise<void>;
export type ExpiredHandler = (trx: Transaction<Database>, charge: PixChargeRow) => Promise<void>;

export interface CreateChargeInput {
  purpose: PixChargePurpose;
  /** Id of the row the charge pays for (deposit, purchase); reserve it before (see reserveId). */
  referenceId: string | number;
  amountCents: number;
  expiresInSeconds: number;
  payer?: PixPayer;
  description?: string;
}

export type ConfirmOutcome =
  'credited' | 'already_processed' | 'duplicate_payment' | 'unknown_txid' | 'not_paid' | 'amount_mismatch';

export interface WebhookResult {
  statusCode: 200 | 400 | 401;
  /** The stored pix_webhook_calls row; null when the call was refused as unauthenticated (nothing stored). */
  callId: string | null;
  outcomes: { txid: string | null; outcome: ConfirmOutcome | 'no_txid' | 'error' }[];
}

export interface PaymentsOptions {
  /** A pending charge is re-fetched by reconciliation once it is this old, then at most this often. */
  reconcileAfterSeconds: number;
  /** Charges handled per worker step (bounded work per tick). */
  batchSize: number;
}

const TXID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 32 random alphanumerics (API Pix allows [a-zA-Z0-9]{26,35}); ~190 bits, so collisions are not a concern. */
export function generateTxid(length = 32): string {
  let txid = '';
  for (let i = 0; i < length; i++) txid += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return txid;
}

/** Headers worth keeping with a webhook call (never Authorization or cookies). */
const STORED_HEADERS = [
  'content-type',
  'user-agent',
  'x-request-id',
  'x-forwarded-for',
  'x-real-ip',
  'x-ssl-client-verify',
];

/**
 * The Pix payments core shared by deposits (this issue) and ticket purchases (issue 5): charges, webhook
 * intake, confirmation by re-fetch, and the crediting path with its idempotency guard.
 *
 * The PSP is never called inside a database transaction (with PGlite there is a single connection, and
 * a network call must not hold row locks anyway): re-fetch first, then one short transaction to credit.
 */
export class PaymentsService {
  private readonly paidHandlers = new Map<PixChargePurpose, PaidHandler>();
  private readonly expiredHandlers = new Map<PixChargePurpose, ExpiredHandler>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly pix: PixProvider,
    private readonly log: FastifyBaseLogger,
    private readonly options: PaymentsOptions = { reconcileAfterSeconds: 60, batchSize: 50 },
  ) {}

  onPaid(purpose: PixChargePurpose, handler: PaidHandler): void {
    if (this.paidHandlers.has(purpose)) throw new Error(`A paid handler for '${purpose}' is already registered`);
    this.paidHandlers.set(purpose, handler);
  }

  onExpired(purpose: PixChargePurpose, handler: ExpiredHandler): void {
    if (this.expiredHandlers.has(purpose)) throw new Error(`An expiry handler for '${purpose}' is already registered`);
    this.expiredHandlers.set(purpose, handler);
  }

  /**
   * Creates the charge at the PSP, then stores it; `onStored` runs in that same transaction so the caller's
   * row (deposit, purchase) and the charge exist together or not at all. Throws PixProviderError when the
   * PSP fails (nothing is stored then; the PSP side is idempotent on the txid).
   */
  async createCharge(
    input: CreateChargeInput,
    onStored?: (trx: Transaction<Database>, charge: PixChargeRow) => Promise<void>,
  ): Promise<{ charge: PixChargeRow; qrCodeDataUrl: string }> {
    const txid = generateTxid();
    const remote = await this.pix.createCharge({
      txid,
      amountCents: input.amountCents,
      expiresInSeconds: input.expiresInSeconds,
      ...(input.payer ? { payer: input.payer } : {}),
      ...(input.description ? { description: input.description.slice(0, 140) } : {}),
    });
    const expiresAt = new Date(remote.createdAt.getTime() + remote.expiresInSeconds * 1000);
    const charge = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('pix_charges')
        .values({
          txid,
          purpose: input.purpose,
          reference_id: String(input.referenceId),
          amount_cents: input.amountCents,
          expires_at: expiresAt,
          copy_paste_code: remote.copyPasteCode,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await onStored?.(trx, row);
      return row;
    });
    return { charge, qrCodeDataUrl: await qrCodeDataUrl(charge.copy_paste_code) };
  }

  findCharge(txid: string): Promise<PixChargeRow | undefined> {
    return this.db.selectFrom('pix_charges').selectAll().where('txid', '=', txid).executeTakeFirst();
  }

  /**
   * Why a webhook call is not from the PSP (client certificate / secret, per provider), or null when it is.
   * Looks at headers and TLS state only, so the route can refuse a call before reading its body.
   */
  webhookRejection(request: WebhookCredentials): string | null {
    try {
      this.pix.authenticateWebhook({
        headers: request.headers,
        clientCertificateVerified: request.clientCertificateVerified,
      });
      return null;
    } catch (error) {
      if (error instanceof PixWebhookRejected) return error.message;
      throw error;
    }
  }

  /**
   * POST /payments/webhook/pix. The call is authenticated first: one that is not from the PSP is refused (401)
   * with NOTHING stored and its body never logged (anyone who knows the URL could otherwise fill the table).
   * Every authenticated call is then stored verbatim (malformed ones included); each notice is only a hint:
   * the charge is re-fetched from the PSP and credited through `confirmCharge`.
   */
  async handleWebhook(request: Omit<WebhookRequest, 'body'> & { rawBody: string }): Promise<WebhookResult> {
    const rejection = this.webhookRejection(request);
    if (rejection !== null) {
      this.log.warn({ reason: rejection }, 'pix webhook refused: not authenticated (nothing stored)');
      return { statusCode: 401, callId: null, outcomes: [] };
    }
    const headers = Object.fromEntries(
      STORED_HEADERS.filter((name) => request.headers[name] !== undefined).map((name) => [name, request.headers[name]]),
    );
    const call = await this.db
      .insertInto('pix_webhook_calls')
      .values({ headers: JSON.stringify(headers), raw_body: request.rawBody })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { statusCode, outcomes } = await this.processWebhookCall(call.id, request.rawBody, (body) =>
      this.pix.parseWebhook({
        headers: request.headers,
        body,
        clientCertificateVerified: request.clientCertificateVerified,
      }),
    );
    return { statusCode, callId: call.id, outcomes };
  }

  /**
   * A stored call's body: parsed, each notice's charge re-fetched and credited (confirmCharge), and the call's outcome
   * recorded ('processed', 'rejected' or 'error'; 'received' only while this runs).
   */
  private async processWebhookCall(
    callId: string,
    rawBody: string,
    parse: (body: unknown) => PixWebhookNotice[],
  ): Promise<Pick<WebhookResult, 'statusCode' | 'outcomes'>> {
    const finish = async (outcome: 'processed' | 'rejected' | 'error', detail: string) => {
      await this.db
        .updateTable('pix_webhook_calls')
        .set({ outcome, detail: detail.slice(0, 2000) })
        .where('id', '=', callId)
        .execute();
    };

    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      await finish('rejected', 'invalid JSON');
      return { statusCode: 400, outcomes: [] };
    }
    let notices;
    try {
      notices = parse(body);
    } catch (error) {
      if (!(error instanceof PixWebhookRejected)) {
        await finish('error', error instanceof Error ? error.message : String(error));
        throw error;
      }
      // Authenticated before it was stored, so what is refused here is the body's shape: 400 (the PSP retries it).
      await finish('rejected', error.message);
      return { statusCode: 400, outcomes: [] };
    }

    const outcomes: WebhookResult['outcomes'] = [];
    for (const notice of notices) {
      if (!notice.txid) {
        // A Pix to our key without a charge: nothing of ours to credit (kept in the stored call).
        outcomes.push({ txid: null, outcome: 'no_txid' });
        continue;
      }
      try {
        outcomes.push({ txid: notice.txid, outcome: await this.confirmCharge(notice.txid) });
      } catch (error) {
        // Reconciliation re-fetches pending charges, so a failure here is retried without the PSP's help.
        this.log.error({ err: error, txid: notice.txid }, 'pix webhook notice failed');
        outcomes.push({ txid: notice.txid, outcome: 'error' });
      }
    }
    const failed = outcomes.some((o) => o.outcome === 'error');
    await finish(failed ? 'error' : 'processed', JSON.stringify(outcomes));
    return { statusCode: 200, outcomes };
  }

  /**
   * Worker: webhook calls still 'received' longer than `olderThanSeconds` (reconcileAfterSeconds, above the request
   * timeout) were interrupted (the process died or lost its database mid-way). Each is processed again from its
   * stored body, under a lease (FOR UPDATE SKIP LOCKED + last_checked_at) so two processes never take the same one and
   * a worker that dies leaves it for the next pass. The body was authenticated when it was stored, and each notice is
   * only a hint (the charge is re-fetched from the PSP), so replaying one credits nothing twice. Returns how many.
   */
  async resumeInterruptedWebhookCalls(options: { olderThanSeconds?: number } = {}): Promise<number> {
    const age = options.olderThanSeconds ?? this.options.reconcileAfterSeconds;
    const claimed = await claimLeased(this.db, 'pix_webhook_calls', 'last_checked_at', (trx) =>
      trx
        .selectFrom('pix_webhook_calls')
        .select(['id', 'raw_body'])
        .where('outcome', '=', 'received')
        .where('received_at', '<=', sql<Date>`now() - make_interval(secs => ${age})`)
        .where(leaseOver('last_checked_at', age))
        .orderBy('received_at')
        .limit(this.options.batchSize),
    );
    for (const row of claimed) {
      try {
        await this.processWebhookCall(row.id, row.raw_body, parsePixWebhookBody);
      } catch (error) {
        // Recorded as 'error' on the call itself; the pending charges' reconciliation still covers its money.
        this.log.error({ err: error, callId: row.id }, 'interrupted pix webhook call could not be resumed');
      }
    }
    if (claimed.length) this.log.warn({ calls: claimed.length }, 'interrupted pix webhook calls resumed');
    return claimed.length;
  }

  /**
   * The ONE crediting path (webhook and reconciliation): re-fetch the charge, and credit only when the PSP
   * says CONCLUIDA with a Pix of exactly our amount. Idempotent on the Pix's endToEndId.
   */
  async confirmCharge(txid: string): Promise<ConfirmOutcome> {
    const ours = await this.findCharge(txid);
    // A forged or foreign txid: no PSP call, nothing credited.
    if (!ours) return 'unknown_txid';
    if (ours.status === 'paid') return 'already_processed';

    const remote = await this.pix.getCharge(txid);
    if (!remote || remote.status !== 'CONCLUIDA') return 'not_paid';
    const amount = Number(ours.amount_cents);
    const payment = remote.payments.find((p) => p.amountCents === amount);
    if (remote.amountCents !== amount || !payment) {
      this.log.warn({ txid, expected: amount, remote: remote.amountCents }, 'pix charge paid with a different amount');
      return 'amount_mismatch';
    }

    return this.db.transaction().execute(async (trx) => {
      const charge = await trx
        .selectFrom('pix_charges')
        .selectAll()
        .where('id', '=', ours.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const alreadyPaid = charge.status === 'paid';
      const inserted = await trx
        .insertInto('pix_received_payments')
        .values({
          end_to_end_id: payment.endToEndId,
          txid,
          charge_id: charge.id,
          amount_cents: payment.amountCents,
          paid_at: payment.paidAt,
          credited: !alreadyPaid,
        })
        .onConflict((oc) => oc.column('end_to_end_id').doNothing())
        .returning('end_to_end_id')
        .executeTakeFirst();
      if (!inserted) return 'already_processed';
      if (alreadyPaid) {
        // A second Pix for a charge already paid: recorded (for a refund), never credited twice.
        this.log.warn({ txid, endToEndId: payment.endToEndId }, 'second pix for an already paid charge');
        return 'duplicate_payment';
      }

      const handler = this.paidHandlers.get(charge.purpose);
      // Thrown, so the transaction rolls back and reconciliation retries once the handler exists.
      if (!handler) throw new Error(`No paid handler registered for purpose '${charge.purpose}'`);
      const paid = await trx
        .updateTable('pix_charges')
        .set({ status: 'paid', paid_at: payment.paidAt, updated_at: sql`now()` })
        .where('id', '=', charge.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await handler(trx, { charge: paid, payment });
      return 'credited';
    });
  }

  /**
   * Webhooks get lost: re-fetches charges still open (pending older than the threshold, or expired within the
   * last day, since a Pix can land just before expiry) and credits paid ones through `confirmCharge`.
   * Rows are claimed with FOR UPDATE SKIP LOCKED and a last_checked_at lease, so several API processes
   * never check the same charge at the same time.
   */
  async reconcilePendingCharges(options: { olderThanSeconds?: number } = {}): Promise<Record<string, number>> {
    const age = options.olderThanSeconds ?? this.options.reconcileAfterSeconds;
    const claimed = await claimLeased(this.db, 'pix_charges', 'last_checked_at', (trx) =>
      trx
        .selectFrom('pix_charges')
        .select(['id', 'txid'])
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'pending'),
              eb('created_at', '<=', sql<Date>`now() - make_interval(secs => ${age})`),
            ]),
            eb.and([eb('status', '=', 'expired'), eb('expires_at', '>', sql<Date>`now() - interval '1 day'`)]),
          ]),
        )
        .where(leaseOver('last_checked_at', age))
        .orderBy(sql`last_checked_at NULLS FIRST`)
        .orderBy('created_at')
        .limit(this.options.batchSize),
    );

    const counts: Record<string, number> = {};
    for (const row of claimed) {
      let outcome: string;
      try {
        outcome = await this.confirmCharge(row.txid);
      } catch (error) {
        this.log.error({ err: error, txid: row.txid }, 'pix reconciliation failed for a charge');
        outcome = 'error';
      }
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    return counts;
  }

  /** Pending charges past their expiry become 'expired' (and so does what they paid for). Returns how many. */
  async expirePendingCharges(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('pix_charges')
        .selectAll()
        .where('status', '=', 'pending')
        .where('expires_at', '<=', sql<Date>`now()`)
        .orderBy('expires_at')
        .limit(this.options.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        const expired = await trx
          .updateTable('pix_charges')
          .set({ status: 'expired', updated_at: sql`now()` })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await this.expiredHandlers.get(row.purpose)?.(trx, expired);
      }
      return rows.length;
    });
  }
}

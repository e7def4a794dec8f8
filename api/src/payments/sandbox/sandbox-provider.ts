import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { PixConfig } from '../../config';
import type { Database, SandboxPixChargesTable, SandboxPixTransfersTable } from '../../db/schema';
import { Batcher } from '../../lib/batcher';
import { buildBrCode, centsToDecimalString } from '../br-code';
import { parsePixWebhookBody, type PixWebhookBody } from '../bacen/webhook';
import { sandboxLookup } from './dict';
import {
  PixProviderError,
  PixTransferNotSent,
  PixWebhookRejected,
  type CreatePixChargeInput,
  type PixCharge,
  type PixKeyOwner,
  type PixKeyQuery,
  type PixProvider,
  type PixReceived,
  type PixRefund,
  type PixTransfer,
  type PixWebhookNotice,
  type RefundInput,
  type SendPixInput,
  type WebhookCredentials,
  type WebhookRequest,
} from '../pix-provider';

/**
 * The embedded sandbox PSP (PIX_PROVIDER=sandbox, the default): OFFLINE and SIMULATED. No money moves.
 * It behaves like an API Pix PSP seen from the platform: charges with a real, parseable BR Code, the cob
 * life cycle (ATIVA → CONCLUIDA | REMOVIDA_*), and a webhook call `{pix:[...]}` after a simulated payment.
 * Its state lives in its own tables (006_sandbox_psp) so it survives restarts and is shared by every process.
 */

/** Header carrying the sandbox's webhook secret. Only the sandbox knows the value, so only it gets parsed. */
export const SANDBOX_WEBHOOK_SECRET_HEADER = 'x-rifaria-sandbox-secret';

/** Fictitious ISPB (8 digits) of the simulated PSP in the end-to-end ids it generates. */
const SANDBOX_ISPB = '99999999';

/**
 * Delivers a webhook call to the platform: the caller POSTs `body` with `headers` to /payments/webhook/pix
 * (in-process inject). Headers MUST be forwarded: they carry the secret parseWebhook checks.
 */
export type DeliverPixWebhook = (body: PixWebhookBody, headers: Record<string, string>) => Promise<void>;

export interface SandboxPixProviderOptions {
  db: Kysely<Database>;
  config: PixConfig;
  log: FastifyBaseLogger;
  deliverWebhook: DeliverPixWebhook;
  /** Clock (tests move it to exercise expiry). */
  now?: () => Date;
}

export type SandboxPayFailure = 'not_found' | 'already_paid' | 'expired' | 'cancelled';

/** Why a simulated payment was refused; the route maps it to 404 / 409 / 422. */
export class SandboxPayError extends Error {
  override name = 'SandboxPayError';
  constructor(readonly reason: SandboxPayFailure) {
    super(`sandbox charge cannot be paid: ${reason}`);
  }
}

export interface SandboxPayResult {
  charge: PixCharge;
  /** False when the webhook call failed (logged); the charge is paid anyway, as at a real PSP. */
  /** What was sent to the platform's webhook (without the secret header). */
  webhook: PixWebhookBody;
  webhookDelivered: boolean;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
/** Refund ids and transfer idempotency keys (Efí's idEnvio): 1-35 alphanumerics. */
const REFUND_ID = /^[a-zA-Z0-9]{1,35}$/;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type ChargeRow = Selectable<SandboxPixChargesTable>;
type TransferRow = Selectable<SandboxPixTransfersTable>;

/** yyyyMMddHHmm in UTC, as in the BACEN end-to-end id. */
function e2eTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 12);
}

/**
 * E + ISPB(8) + yyyyMMddHHmm + 11 alphanumerics = 32 characters. The tail is derived from the seed (the txid
 * or the transfer's idempotency key), so the same simulated operation always gets the same id: deterministic
 * tests, and unique because the seeds are unique primary keys.
 */
export function sandboxEndToEndId(seed: string, at: Date): string {
  const digest = createHash('sha256').update(seed).digest();
  let tail = '';
  for (let i = 0; i < 11; i += 1) tail += ALPHANUMERIC[digest[i]! % ALPHANUMERIC.length];
  return `E${SANDBOX_ISPB}${e2eTimestamp(at)}${tail}`;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

export class SandboxPixProvider implements PixProvider {
  readonly name = 'sandbox' as const;
  private readonly db: Kysely<Database>;
  private readonly config: PixConfig;
  private readonly log: FastifyBaseLogger;
  private readonly deliverWebhook: DeliverPixWebhook;
  private readonly now: () => Date;
  /** From config, else random per process: a caller outside this process cannot forge a sandbox webhook. */
  private readonly webhookSecret: string;

  constructor(options: SandboxPixProviderOptions) {
    this.db = options.db;
    this.config = options.config;
    this.log = options.log;
    this.deliverWebhook = options.deliverWebhook;
    this.now = options.now ?? (() => new Date());
    this.webhookSecret = options.config.sandbox.webhookSecret ?? randomBytes(32).toString('base64url');
  }

  /**
   * Charges created at the same time are inserted by one statement (group commit: at checkout peaks every purchase
   * opens a charge). A row not returned already existed (same txid).
   */
  private readonly chargeInserts = new Batcher<Insertable<SandboxPixChargesTable>, ChargeRow | undefined>(
    async (rows) => {
      const inserted = await this.db
        .insertInto('sandbox_pix_charges')
        .values(rows)
        .onConflict((oc) => oc.column('txid').doNothing())
        .returningAll()
        .execute();
      const byTxid = new Map(inserted.map((row) => [row.txid, row]));
      return rows.map((row) => {
        const found = byTxid.get(row.txid);
        // Two equal txids in one batch: the first is the insert, the second sees an existing charge.
        byTxid.delete(row.txid);
        return found;
      });
    },
    { concurrency: 2, maxItems: 100 },
  );

  async createCharge(input: CreatePixChargeInput): Promise<PixCharge> {
    if (!TXID.test(input.txid)) throw new PixProviderError('txid must be 26-35 alphanumerics', 400);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PixProviderError('amount must be a positive integer of centavos', 400);
    }
    if (!Number.isInteger(input.expiresInSeconds) || input.expiresInSeconds <= 0) {
      throw new PixProviderError('expiresInSeconds must be a positive integer', 400);
    }
    if (input.description && input.description.length > 140) {
      throw new PixProviderError('description (solicitacaoPagador) is limited to 140 characters', 400);
    }
    // Static code WITH the amount rather than a dynamic one: a dynamic code only carries a location URL whose
    // payload the payer's bank fetches from the PSP over HTTPS. The sandbox is offline and has no such public
    // endpoint, so a dynamic code would be unusable anywhere but here, and would not show the amount. A static
    // code carries key, amount, name and city in the string itself (what the deposit dialog shows and tests
    // check with an independent parser). Its txid field (62-05) is limited to 25 characters while cob txids are
    // 26-35, so it says '***'; the sandbox ties the payment to the charge itself when "pay" is called.
    const copyPasteCode = buildBrCode({
      kind: 'static',
      pixKey: this.config.pixKey,
      merchantName: this.config.merchantName,
      merchantCity: this.config.merchantCity,
      amountCents: input.amountCents,
      txid: '***',
    });
    const payerDocument = input.payer?.cpf ?? input.payer?.cnpj ?? null;
    const inserted = await this.chargeInserts
      .submit({
        txid: input.txid,
        amount_cents: input.amountCents,
        expires_in_seconds: input.expiresInSeconds,
        payer_name: input.payer?.name ?? null,
        payer_document: payerDocument,
        description: input.description ?? null,
        copy_paste_code: copyPasteCode,
        created_at: this.now(),
      })
      .catch((error: unknown) => {
        // The PSP could not store the charge: to the platform that is a PSP failure (502 to the buyer), not a bug.
        throw new PixProviderError('sandbox could not store the charge', undefined, { cause: error });
      });
    if (inserted) return this.toCharge(inserted);
    // The txid existed already (a retried PUT /cob): the stored charge answers, if it is the same charge.
    const row = await this.findCharge(input.txid);
    if (!row) throw new PixProviderError('sandbox charge vanished after insert');
    // Same txid, different charge: a real PSP refuses to overwrite a cob through PUT; so does the sandbox.
    if (Number(row.amount_cents) !== input.amountCents) {
      throw new PixProviderError(`txid ${input.txid} already exists with another amount`, 409);
    }
    return this.toCharge(await this.expireIfDue(row));
  }

  async getCharge(txid: string): Promise<PixCharge | null> {
    const row = await this.findCharge(txid);
    return row ? this.toCharge(await this.expireIfDue(row)) : null;
  }

  async cancelCharge(txid: string): Promise<void> {
    const row = await this.findCharge(txid);
    if (!row) throw new PixProviderError(`unknown txid ${txid}`, 404);
    const current = await this.expireIfDue(row);
    if (current.status === 'CONCLUIDA') throw new PixProviderError('a paid charge cannot be removed', 400);
    if (current.status !== 'ATIVA') return; // already removed: PATCH is idempotent
    await this.db
      .updateTable('sandbox_pix_charges')
      .set({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', removed_at: this.now() })
      .where('txid', '=', txid)
      .where('status', '=', 'ATIVA')
      .execute();
  }

  /**
   * Simulates the payer paying the charge, then calls the platform's webhook like a PSP.
   * The ATIVA → CONCLUIDA step is one conditional UPDATE, so two concurrent "pay" calls (even in two
   * processes) cannot both succeed.
   */
  async pay(txid: string): Promise<SandboxPayResult> {
    const now = this.now();
    const paid = await this.db
      .updateTable('sandbox_pix_charges')
      .set({ status: 'CONCLUIDA', end_to_end_id: sandboxEndToEndId(`charge:${txid}`, now), paid_at: now })
      .where('txid', '=', txid)
      .where('status', '=', 'ATIVA')
      .where(sql<boolean>`created_at + make_interval(secs => expires_in_seconds) > ${now}`)
      .returningAll()
      .executeTakeFirst();
    if (!paid) {
      const row = await this.findCharge(txid);
      if (!row) throw new SandboxPayError('not_found');
      const current = await this.expireIfDue(row);
      if (current.status === 'CONCLUIDA') throw new SandboxPayError('already_paid');
      if (current.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') throw new SandboxPayError('cancelled');
      throw new SandboxPayError('expired');
    }
    const charge = this.toCharge(paid);
    const webhook = this.webhookBody(paid);
    return { charge, webhook, webhookDelivered: await this.deliver(paid.txid, webhook) };
  }

  /** The notification a PSP sends for a paid charge (BACEN API Pix webhook shape). */
  private webhookBody(row: ChargeRow): PixWebhookBody {
    return {
      pix: [
        {
          endToEndId: row.end_to_end_id!,
          txid: row.txid,
          valor: centsToDecimalString(Number(row.amount_cents)),
          horario: row.paid_at!.toISOString(),
        },
      ],
    };
  }

  private async deliver(txid: string, body: PixWebhookBody): Promise<boolean> {
    let delivered = false;
    try {
      await this.deliverWebhook(body, { [SANDBOX_WEBHOOK_SECRET_HEADER]: this.webhookSecret });
      delivered = true;
    } catch (error) {
      // A PSP would retry later; the platform can still confirm through getCharge (reconciliation).
      this.log.warn({ err: error, txid }, 'sandbox PSP: webhook delivery failed');
    }
    await this.db
      .updateTable('sandbox_pix_charges')
      .set((eb) => ({
        webhook_attempts: eb('webhook_attempts', '+', 1),
        ...(delivered ? { webhook_delivered_at: this.now() } : {}),
      }))
      .where('txid', '=', txid)
      .execute();
    return delivered;
  }

  authenticateWebhook(request: WebhookCredentials): void {
    const header = request.headers[SANDBOX_WEBHOOK_SECRET_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    // Hashing first gives equal lengths, so the comparison time does not depend on the secret.
    if (!given || !timingSafeEqual(sha256(given), sha256(this.webhookSecret))) {
      throw new PixWebhookRejected('sandbox webhook secret missing or wrong');
    }
  }

  parseWebhook(request: WebhookRequest): PixWebhookNotice[] {
    this.authenticateWebhook(request);
    return parsePixWebhookBody(request.body);
  }

  async sendPix(input: SendPixInput): Promise<PixTransfer> {
    // Same rule as the real PSPs' idEnvio, so a key accepted here is accepted in production too.
    // Refused before anything is recorded: nothing was sent (PixTransferNotSent).
    if (!REFUND_ID.test(input.idempotencyKey)) {
      throw new PixTransferNotSent('idempotencyKey must be 1-35 alphanumerics', 400);
    }
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PixTransferNotSent('amount must be a positive integer of centavos', 400);
    }
    if (!input.pixKey || input.pixKey.length > 77) throw new PixTransferNotSent('invalid Pix key', 400);
    const now = this.now();
    const fails = input.pixKey.trim().toLowerCase() === this.config.sandbox.failingKey.trim().toLowerCase();
    await this.db
      .insertInto('sandbox_pix_transfers')
      .values({
        idempotency_key: input.idempotencyKey,
        amount_cents: input.amountCents,
        pix_key: input.pixKey,
        description: input.description ?? null,
        status: fails ? 'NAO_REALIZADO' : 'REALIZADO',
        end_to_end_id: fails ? null : sandboxEndToEndId(`transfer:${input.idempotencyKey}`, now),
        failure_reason: fails ? 'Chave Pix não encontrada (falha simulada pelo sandbox).' : null,
        created_at: now,
      })
      // Same idempotency key again (a retry): nothing is paid twice, the first outcome is returned.
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    const transfer = await this.getTransfer(input.idempotencyKey);
    if (!transfer) throw new PixProviderError('sandbox transfer vanished after insert');
    return transfer;
  }

  async getTransfer(idempotencyKey: string): Promise<PixTransfer | null> {
    const row = await this.db
      .selectFrom('sandbox_pix_transfers')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return row ? toTransfer(row) : null;
  }

  /** The sandbox's directory (dict.ts): deterministic holders, none for SANDBOX_UNREGISTERED_KEY. */
  lookupKey(query: PixKeyQuery): Promise<PixKeyOwner | null> {
    return Promise.resolve(sandboxLookup(query));
  }

  /** The sandbox's own record of what its payers paid (one Pix per paid charge). */
  async listReceived(period: { from: Date; to: Date }): Promise<PixReceived[]> {
    const rows = await this.db
      .selectFrom('sandbox_pix_charges')
      .select(['txid', 'end_to_end_id', 'amount_cents', 'paid_at'])
      .where('status', '=', 'CONCLUIDA')
      .where('paid_at', '>=', period.from)
      .where('paid_at', '<', period.to)
      .orderBy('paid_at')
      .execute();
    return rows.flatMap((row) =>
      row.end_to_end_id && row.paid_at
        ? [{ endToEndId: row.end_to_end_id, txid: row.txid, amountCents: Number(row.amount_cents), paidAt: row.paid_at }]
        : [],
    );
  }

  async refund(input: RefundInput): Promise<PixRefund> {
    if (!REFUND_ID.test(input.refundId)) throw new PixProviderError('refund id must be 1-35 alphanumerics', 400);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PixProviderError('amount must be a positive integer of centavos', 400);
    }
    return this.db.transaction().execute(async (trx) => {
      // Locks the charge so concurrent refunds of one Pix cannot together exceed what was paid.
      const charge = await trx
        .selectFrom('sandbox_pix_charges')
        .select(['amount_cents', 'status'])
        .where('end_to_end_id', '=', input.endToEndId)
        .forUpdate()
        .executeTakeFirst();
      if (!charge || charge.status !== 'CONCLUIDA') {
        throw new PixProviderError(`unknown endToEndId ${input.endToEndId}`, 404);
      }
      const existing = await trx
        .selectFrom('sandbox_pix_refunds')
        .select(['status', 'amount_cents'])
        .where('end_to_end_id', '=', input.endToEndId)
        .where('refund_id', '=', input.refundId)
        .executeTakeFirst();
      if (existing) {
        if (Number(existing.amount_cents) !== input.amountCents) {
          throw new PixProviderError(`refund ${input.refundId} already exists with another amount`, 409);
        }
        return { refundId: input.refundId, status: existing.status };
      }
      const { refunded } = await trx
        .selectFrom('sandbox_pix_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('refunded'))
        .where('end_to_end_id', '=', input.endToEndId)
        .where('status', '!=', 'NAO_REALIZADO')
        .executeTakeFirstOrThrow();
      if (Number(refunded) + input.amountCents > Number(charge.amount_cents)) {
        throw new PixProviderError('refund exceeds the amount received', 400);
      }
      await trx
        .insertInto('sandbox_pix_refunds')
        .values({
          end_to_end_id: input.endToEndId,
          refund_id: input.refundId,
          amount_cents: input.amountCents,
          status: 'DEVOLVIDO',
          created_at: this.now(),
        })
        .execute();
      return { refundId: input.refundId, status: 'DEVOLVIDO' as const };
    });
  }

  private findCharge(txid: string): Promise<ChargeRow | undefined> {
    return this.db.selectFrom('sandbox_pix_charges').selectAll().where('txid', '=', txid).executeTakeFirst();
  }

  /** ATIVA past its expiry becomes REMOVIDA_PELO_PSP (persisted, as a PSP's own job would do). */
  private async expireIfDue(row: ChargeRow): Promise<ChargeRow> {
    const expiresAt = row.created_at.getTime() + row.expires_in_seconds * 1000;
    if (row.status !== 'ATIVA' || this.now().getTime() < expiresAt) return row;
    const removedAt = this.now();
    await this.db
      .updateTable('sandbox_pix_charges')
      .set({ status: 'REMOVIDA_PELO_PSP', removed_at: removedAt })
      .where('txid', '=', row.txid)
      .where('status', '=', 'ATIVA')
      .execute();
    const fresh = await this.findCharge(row.txid);
    return fresh ?? row;
  }

  private toCharge(row: ChargeRow): PixCharge {
    return {
      txid: row.txid,
      status: row.status,
      amountCents: Number(row.amount_cents),
      createdAt: row.created_at,
      expiresInSeconds: row.expires_in_seconds,
      copyPasteCode: row.copy_paste_code,
      payments:
        row.status === 'CONCLUIDA' && row.end_to_end_id && row.paid_at
          ? [{ endToEndId: row.end_to_end_id, amountCents: Number(row.amount_cents), paidAt: row.paid_at }]
          : [],
    };
  }
}

function toTransfer(row: TransferRow): PixTransfer {
  return {
    idempotencyKey: row.idempotency_key,
    status: row.status,
    endToEndId: row.end_to_end_id,
    failureReason: row.failure_reason,
  };
}

export const isSandboxPixProvider = (provider: PixProvider): provider is SandboxPixProvider =>
  provider instanceof SandboxPixProvider;

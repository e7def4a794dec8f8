import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { formatBRL } from '@rifaria/shared/format';
import { normalizePixKey, TRANSFER_MESSAGES, type PixKeyType } from '@rifaria/shared/schemas';
import type { Database, Executor, WalletTransfersTable } from '../db/schema';
import { InsufficientFundsError, post, transferPosting, transferReversalPosting, walletBalances } from '../ledger';
import { fieldError, HttpError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import { reserveId } from '../db/ids';
import { leaseOver, stampLease } from '../db/leases';
import { PixTransferNotSent, type PixProvider, type PixTransfer, type SendPixInput } from '../payments/pix-provider';
import { TRANSFER_NOT_SENT_REASON, TRANSFER_REPLY_MESSAGES } from './messages';
import type { WalletsService } from './service';
import { isUniqueViolation } from '../db/errors';
import { centsToReais } from '@rifaria/shared/money';

export type WalletTransfer = Selectable<WalletTransfersTable>;

export interface TransferRequest {
  amountCents: number;
  pixKey: string;
  description: string;
  /** The request's Idempotency-Key header (validated by the route), when sent. */
  idempotencyKey?: string | null;
}

export interface TransferResult {
  transfer: WalletTransfer;
  /** False when an earlier request with the same Idempotency-Key created it (nothing was done again). */
  created: boolean;
}

const IDEMPOTENCY_INDEX = 'wallet_transfers_idempotency_key';

/** What a transfer request asks for, after validation (the Pix key in canonical form). */
interface WantedTransfer {
  amountCents: number;
  pixKey: string;
  description: string;
}

/** An earlier transfer with the same Idempotency-Key is the answer only for the very same request. */
function sameRequestOrThrow(earlier: WalletTransfer, walletId: string, wanted: WantedTransfer): WalletTransfer {
  const same =
    earlier.wallet_id === walletId &&
    Number(earlier.amount_cents) === wanted.amountCents &&
    earlier.pix_key === wanted.pixKey &&
    earlier.description === wanted.description;
  if (!same) throw new HttpError(422, TRANSFER_REPLY_MESSAGES.idempotencyKeyReused);
  return earlier;
}

/** What is recorded when the PSP was certainly not asked to pay: a failure, reversed like a refusal. */
const notSentOutcome = (transfer: WalletTransfer): PixTransfer => ({
  idempotencyKey: transfer.provider_key,
  status: 'NAO_REALIZADO',
  endToEndId: null,
  failureReason: TRANSFER_NOT_SENT_REASON,
});

/** Stable per transfer and alphanumeric (API Pix ids are [a-zA-Z0-9]{1,35}): the PSP pays each id at most once. */
export const providerKeyOf = (transferId: string): string => `rifariatrf${transferId.padStart(20, '0')}`;

export function transferView(transfer: WalletTransfer) {
  const cents = Number(transfer.amount_cents);
  return {
    id: Number(transfer.id),
    amount: centsToReais(cents),
    formatted_amount: formatBRL(cents),
    pix_key: transfer.pix_key,
    status: transfer.status,
    created_at: transfer.created_at.toISOString(),
  };
}

/** The reply's message: what happened to the money, in the organiser's words. */
export function transferMessage(transfer: WalletTransfer): string {
  if (transfer.status !== 'failed') return TRANSFER_MESSAGES.success;
  return transfer.failure_reason === TRANSFER_NOT_SENT_REASON
    ? TRANSFER_REPLY_MESSAGES.notSent
    : TRANSFER_REPLY_MESSAGES.refused;
}

/**
 * 'Transferir': a Pix out of the available balance. The debit is posted at once (the money cannot be spent
 * twice while the PSP works), the PSP is called after the commit, and a refusal (NAO_REALIZADO) posts a
 * reversal exactly once. A transfer the PSP was certainly not asked to pay (PixTransferNotSent: e.g. a BACEN
 * PSP without Efí's send extension) is failed and reversed at once, in the same request. Transfers left
 * 'processing' (PSP slow or unreachable: outcome unknown) are re-checked by the worker.
 *
 * Idempotency-Key: the same key from the same user gives back the transfer it created, with no second debit
 * and no second PSP call. The wallet row lock serialises requests on one wallet, so a repeat waits for the first
 * and then finds its row; the unique index (user_id, idempotency_key) settles what the lock cannot (the same key
 * on two wallets at once). The same key with another wallet, amount, key or description is refused (422).
 */
export class TransfersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly pix: PixProvider,
    private readonly wallets: WalletsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async create(userId: string, walletId: string, request: TransferRequest): Promise<TransferResult> {
    const key = normalizePixKey(request.pixKey);
    if (!key) throw fieldError('pix_key', TRANSFER_MESSAGES.pixKeyInvalid);
    const idempotencyKey = request.idempotencyKey ?? null;
    const wanted = {
      amountCents: request.amountCents,
      pixKey: key.key,
      pixKeyType: key.type,
      description: request.description,
    };

    // Set inside the transaction once the wallet is known to be the user's (a callback: not narrowed by TS).
    const locked: { walletId?: string } = {};
    let transfer: WalletTransfer;
    try {
      const opened = await this.db.transaction().execute(async (trx) => {
        // The wallet row lock serialises transfers of one wallet (the ledger also locks its accounts).
        const wallet = await this.wallets.findOwned(userId, walletId, trx, true);
        locked.walletId = wallet.id;
        if (idempotencyKey) {
          // Before any balance check: the repeat of a transfer that emptied the balance must still get it back.
          const earlier = await this.findByKey(trx, userId, idempotencyKey);
          if (earlier) return { transfer: sameRequestOrThrow(earlier, wallet.id, wanted), created: false };
        }
        return { transfer: await this.open(trx, userId, wallet, wanted, idempotencyKey), created: true };
      });
      if (!opened.created) return opened;
      transfer = opened.transfer;
    } catch (error) {
      if (!idempotencyKey || !locked.walletId || !isUniqueViolation(error, IDEMPOTENCY_INDEX)) throw error;
      // Lost the race to a request with the same key on another of the user's wallets: its row is the answer.
      const earlier = await this.findByKey(this.db, userId, idempotencyKey);
      if (!earlier) throw error;
      return { transfer: sameRequestOrThrow(earlier, locked.walletId, wanted), created: false };
    }

    let outcome: PixTransfer | null = null;
    try {
      outcome = await this.pix.sendPix(this.sendInput(transfer));
    } catch (error) {
      if (error instanceof PixTransferNotSent) {
        // Nothing reached the PSP, so no Pix can ever be paid for this key: give the money back now.
        this.log.error({ err: error, transferId: transfer.id }, 'pix transfer not sent: reversing the debit');
        return { transfer: await this.applyOutcome(transfer.id, notSentOutcome(transfer)), created: true };
      }
      // Unknown outcome: the money stays debited and the worker asks the PSP later (same idempotency key).
      this.log.error({ err: error, transferId: transfer.id }, 'pix transfer: provider call failed');
    }
    return { transfer: outcome ? await this.applyOutcome(transfer.id, outcome) : transfer, created: true };
  }

  private findByKey(db: Executor, userId: string, idempotencyKey: string): Promise<WalletTransfer | undefined> {
    return db
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  /** The transfer row and its debit, in the caller's transaction (the wallet row is locked). */
  private async open(
    trx: Transaction<Database>,
    userId: string,
    wallet: { id: string; status: string },
    request: WantedTransfer & { pixKeyType: PixKeyType },
    idempotencyKey: string | null,
  ): Promise<WalletTransfer> {
    if (wallet.status !== 'active') throw new HttpError(422, API_MESSAGES.walletNotActive);
    const { availableCents } = await walletBalances(trx, wallet.id);
    if (availableCents < request.amountCents) throw fieldError('amount', TRANSFER_MESSAGES.insufficientFunds);

    const id = await reserveId(trx, 'wallet_transfers');
    await trx
      .insertInto('wallet_transfers')
      .values({
        id,
        wallet_id: wallet.id,
        user_id: userId,
        amount_cents: request.amountCents,
        pix_key: request.pixKey,
        pix_key_type: request.pixKeyType,
        description: request.description,
        provider_key: providerKeyOf(id),
        idempotency_key: idempotencyKey,
      })
      .execute();
    let posted;
    try {
      posted = await post(
        trx,
        transferPosting({
          transferId: id,
          walletId: wallet.id,
          amountCents: request.amountCents,
          description: request.description ? `Transferência Pix - ${request.description}` : 'Transferência Pix',
        }),
      );
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw fieldError('amount', TRANSFER_MESSAGES.insufficientFunds);
      throw error;
    }
    return trx
      .updateTable('wallet_transfers')
      .set({ debit_transaction_id: posted.transaction.id })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private sendInput(transfer: WalletTransfer): SendPixInput {
    return {
      idempotencyKey: transfer.provider_key,
      amountCents: Number(transfer.amount_cents),
      pixKey: transfer.pix_key,
      ...(transfer.description ? { description: transfer.description } : {}),
    };
  }

  /** Records what the PSP says; a refusal restores the balance, once (row lock + status + ledger key). */
  async applyOutcome(transferId: string, outcome: PixTransfer): Promise<WalletTransfer> {
    return this.db.transaction().execute(async (trx) => {
      const transfer = await trx
        .selectFrom('wallet_transfers')
        .selectAll()
        .where('id', '=', transferId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (transfer.status !== 'processing' || outcome.status === 'EM_PROCESSAMENTO') return transfer;
      if (outcome.status === 'REALIZADO') {
        return trx
          .updateTable('wallet_transfers')
          .set({ status: 'completed', end_to_end_id: outcome.endToEndId, updated_at: sql`now()` })
          .where('id', '=', transferId)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      const reversal = await post(
        trx,
        transferReversalPosting({
          transferId,
          walletId: transfer.wallet_id,
          amountCents: Number(transfer.amount_cents),
          description: 'Estorno de transferência Pix não realizada',
        }),
      );
      return trx
        .updateTable('wallet_transfers')
        .set({
          status: 'failed',
          failure_reason: outcome.failureReason,
          reversal_transaction_id: reversal.transaction.id,
          updated_at: sql`now()`,
        })
        .where('id', '=', transferId)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * Worker step: asks the PSP about transfers still processing (older than `olderThanSeconds`, each at most
   * that often). A transfer the PSP never received is sent again with the same key. Returns how many were checked.
   */
  async recheckProcessing(options: { olderThanSeconds?: number; limit?: number } = {}): Promise<number> {
    const age = options.olderThanSeconds ?? 60;
    const claimed = await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('wallet_transfers')
        .selectAll()
        .where('status', '=', 'processing')
        .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${age})`)
        .where(leaseOver('last_checked_at', age))
        .orderBy('created_at')
        .limit(options.limit ?? 50)
        .forUpdate()
        .skipLocked()
        .execute();
      await stampLease(trx, 'wallet_transfers', 'last_checked_at', rows);
      return rows;
    });
    for (const transfer of claimed) {
      try {
        const known = await this.pix.getTransfer(transfer.provider_key);
        let outcome: PixTransfer;
        try {
          outcome = known ?? (await this.pix.sendPix(this.sendInput(transfer)));
        } catch (error) {
          // The PSP does not know it and refuses to send it: no Pix exists, so the debit is reversed.
          if (!(error instanceof PixTransferNotSent)) throw error;
          this.log.error({ err: error, transferId: transfer.id }, 'pix transfer not sent: reversing the debit');
          outcome = notSentOutcome(transfer);
        }
        await this.applyOutcome(transfer.id, outcome);
      } catch (error) {
        this.log.error({ err: error, transferId: transfer.id }, 'pix transfer re-check failed');
      }
    }
    return claimed.length;
  }
}

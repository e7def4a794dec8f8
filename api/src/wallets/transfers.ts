import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { formatBRL } from '@rifaria/shared/format';
import {
  displayPixKey,
  normalizePixKey,
  PIX_KEY_TYPE_LABELS,
  TRANSFER_MESSAGES,
  type PixKeyType,
} from '@rifaria/shared/schemas';
import type { Database, Executor, WalletTransfersTable } from '../db/schema';
import { InsufficientFundsError, post, transferPosting, transferReversalPosting, walletBalances } from '../ledger';
import { fieldError, HttpError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import { reserveId } from '../db/ids';
import { claimLeased, leaseOver } from '../db/leases';
import {
  PixKeyLookupUnavailable,
  PixTransferNotSent,
  type PixKeyOwner,
  type PixProvider,
  type PixTransfer,
  type SendPixInput,
} from '../payments/pix-provider';
import type { OrganiserMail } from '../mail/organiser-mail';
import { receiptFileName, transferReceiptPdf } from './receipt';
import { TRANSFER_NOT_SENT_REASON, TRANSFER_REPLY_MESSAGES } from './messages';
import type { WalletsService } from './service';
import { isUniqueViolation } from '../db/errors';
import { centsToReais } from '@rifaria/shared/money';

export type WalletTransfer = Selectable<WalletTransfersTable>;

export interface TransferRequest {
  amountCents: number;
  pixKey: string;
  /** The type chosen in the form (null: read from the key, pix-key.ts gives the rule). */
  pixKeyType?: PixKeyType | null;
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
  pixKeyType: PixKeyType;
  description: string;
}

/** The confirmation step: what will be sent, to whom, as the PSP's directory answered. */
export interface TransferPreview {
  amountCents: number;
  pixKey: string;
  pixKeyType: PixKeyType;
  description: string;
  /** Null when this PSP offers no lookup (PixKeyLookupUnavailable): the key and the amount are confirmed alone. */
  recipient: PixKeyOwner | null;
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

/** The recipient as stored with the transfer (the directory's answer at confirmation), for replies and receipts. */
export function recipientView(owner: Pick<PixKeyOwner, 'name' | 'document' | 'bankName' | 'ispb'> | null) {
  return owner ? { name: owner.name, document: owner.document, bank: owner.bankName, ispb: owner.ispb } : null;
}

const storedRecipient = (transfer: WalletTransfer) =>
  transfer.recipient_name
    ? recipientView({
        name: transfer.recipient_name,
        document: transfer.recipient_document ?? '',
        bankName: transfer.recipient_bank ?? '',
        ispb: transfer.recipient_ispb ?? '',
      })
    : null;

/** A key as shown back to the organiser: a CPF masked as the banks do, the other types punctuated. */
const keyView = (type: PixKeyType, key: string) => ({
  pix_key: displayPixKey(type, key),
  pix_key_type: type,
  pix_key_type_label: PIX_KEY_TYPE_LABELS[type],
});

export function transferView(transfer: WalletTransfer) {
  const cents = Number(transfer.amount_cents);
  return {
    id: Number(transfer.id),
    amount: centsToReais(cents),
    formatted_amount: formatBRL(cents),
    ...keyView(transfer.pix_key_type, transfer.pix_key),
    description: transfer.description,
    recipient: storedRecipient(transfer),
    status: transfer.status,
    end_to_end_id: transfer.end_to_end_id,
    created_at: transfer.created_at.toISOString(),
    /** When the PSP confirmed it (status completed), else null. */
    completed_at: transfer.status === 'completed' ? transfer.updated_at.toISOString() : null,
  };
}

export function previewView(preview: TransferPreview) {
  return {
    amount: centsToReais(preview.amountCents),
    formatted_amount: formatBRL(preview.amountCents),
    ...keyView(preview.pixKeyType, preview.pixKey),
    description: preview.description,
    recipient: recipientView(preview.recipient),
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
    /** The organiser's 'transferência enviada' e-mail, once per transfer. */
    private readonly mail: OrganiserMail,
  ) {}

  private wantedOf(request: TransferRequest): WantedTransfer {
    const key = normalizePixKey(request.pixKey, request.pixKeyType);
    if (!key) throw fieldError('pix_key', TRANSFER_MESSAGES.pixKeyInvalid);
    return {
      amountCents: request.amountCents,
      pixKey: key.key,
      pixKeyType: key.type,
      description: request.description,
    };
  }

  /**
   * The key's holder through the PSP (a DICT lookup), or 422 'Chave Pix não encontrada' on pix_key. Null when the
   * PSP offers no lookup: the transfer is then confirmed without the name, which the screen says.
   */
  private async recipientOf(wanted: WantedTransfer): Promise<PixKeyOwner | null> {
    let owner: PixKeyOwner | null;
    try {
      owner = await this.pix.lookupKey({ type: wanted.pixKeyType, key: wanted.pixKey });
    } catch (error) {
      if (error instanceof PixKeyLookupUnavailable) return null;
      this.log.error({ err: error }, 'pix key lookup failed');
      throw new HttpError(502, TRANSFER_REPLY_MESSAGES.lookupFailed);
    }
    if (!owner) throw fieldError('pix_key', TRANSFER_MESSAGES.pixKeyNotFound);
    return owner;
  }

  /**
   * The confirmation step (nothing is debited nor sent): the wallet must be the user's and active, the amount
   * within the available balance, and the key registered; the recipient as the PSP answered.
   */
  async preview(userId: string, walletId: string, request: TransferRequest): Promise<TransferPreview> {
    const wanted = this.wantedOf(request);
    const wallet = await this.wallets.findOwned(userId, walletId);
    if (wallet.status !== 'active') throw new HttpError(422, API_MESSAGES.walletNotActive);
    const { availableCents } = await walletBalances(this.db, wallet.id);
    if (availableCents < wanted.amountCents) throw fieldError('amount', TRANSFER_MESSAGES.insufficientFunds);
    return { ...wanted, recipient: await this.recipientOf(wanted) };
  }

  /** One transfer of the user's wallet, or 404 for anything else (another user's is indistinguishable). */
  async getOwned(userId: string, walletId: string, transferId: string): Promise<WalletTransfer> {
    return (await this.ownedWithWallet(userId, walletId, transferId)).transfer;
  }

  /** The receipt (comprovante) of a completed transfer of the user's wallet, as a PDF; 409 before it completed. */
  async receipt(
    userId: string,
    walletId: string,
    transferId: string,
    holderName: string,
  ): Promise<{ fileName: string; pdf: Buffer }> {
    const { wallet, transfer } = await this.ownedWithWallet(userId, walletId, transferId);
    if (transfer.status !== 'completed') throw new HttpError(409, TRANSFER_REPLY_MESSAGES.receiptNotReady);
    const pdf = await transferReceiptPdf(transfer, {
      holderName,
      accountNumber: wallet.account_number,
      sandbox: this.pix.name === 'sandbox',
    });
    return { fileName: receiptFileName(transfer), pdf };
  }

  private async ownedWithWallet(userId: string, walletId: string, transferId: string) {
    const wallet = await this.wallets.findOwned(userId, walletId);
    const transfer = /^\d{1,18}$/.test(transferId)
      ? await this.db
          .selectFrom('wallet_transfers')
          .selectAll()
          .where('id', '=', transferId)
          .where('wallet_id', '=', wallet.id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (!transfer) throw new HttpError(404, TRANSFER_REPLY_MESSAGES.notFound);
    return { wallet, transfer };
  }

  async create(userId: string, walletId: string, request: TransferRequest): Promise<TransferResult> {
    const wanted = this.wantedOf(request);
    const idempotencyKey = request.idempotencyKey ?? null;
    // The directory is asked outside the transaction (a network call), and not again for a repeated request.
    await this.wallets.findOwned(userId, walletId);
    const repeated = idempotencyKey ? await this.findByKey(this.db, userId, idempotencyKey) : undefined;
    const recipient = repeated ? null : await this.recipientOf(wanted);

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
        return { transfer: await this.open(trx, userId, wallet, wanted, recipient, idempotencyKey), created: true };
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
    request: WantedTransfer,
    recipient: PixKeyOwner | null,
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
        recipient_name: recipient?.name.slice(0, 200) ?? null,
        recipient_document: recipient?.document.slice(0, 20) ?? null,
        recipient_bank: recipient?.bankName.slice(0, 200) ?? null,
        recipient_ispb: recipient && /^\d{8}$/.test(recipient.ispb) ? recipient.ispb : null,
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
        const completed = await trx
          .updateTable('wallet_transfers')
          .set({ status: 'completed', end_to_end_id: outcome.endToEndId, updated_at: sql`now()` })
          .where('id', '=', transferId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await this.mail.transferSent(trx, completed);
        return completed;
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
    const claimed = await claimLeased(this.db, 'wallet_transfers', 'last_checked_at', (trx) =>
      trx
        .selectFrom('wallet_transfers')
        .selectAll()
        .where('status', '=', 'processing')
        .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${age})`)
        .where(leaseOver('last_checked_at', age))
        .orderBy('created_at')
        .limit(options.limit ?? 50),
    );
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

import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import { formatBRL } from '@rifaria/shared/format';
import { normalizePixKey, TRANSFER_MESSAGES } from '@rifaria/shared/schemas';
import type { Database, WalletTransfersTable } from '../db/schema';
import { InsufficientFundsError, post, transferPosting, transferReversalPosting, walletBalances } from '../ledger';
import { fieldError, HttpError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import { reserveId } from '../payments/deposits';
import type { PixProvider, PixTransfer, SendPixInput } from '../payments/pix-provider';
import type { WalletsService } from './service';

export type WalletTransfer = Selectable<WalletTransfersTable>;

export interface TransferRequest {
  amountCents: number;
  pixKey: string;
  description: string;
}

/** Stable per transfer and alphanumeric (API Pix ids are [a-zA-Z0-9]{1,35}): the PSP pays each id at most once. */
export const providerKeyOf = (transferId: string): string => `rifariatrf${transferId.padStart(20, '0')}`;

export function transferView(transfer: WalletTransfer) {
  const cents = Number(transfer.amount_cents);
  return {
    id: Number(transfer.id),
    amount: cents / 100,
    formatted_amount: formatBRL(cents),
    pix_key: transfer.pix_key,
    status: transfer.status,
    created_at: transfer.created_at.toISOString(),
  };
}

/**
 * 'Transferir': a Pix out of the available balance. The debit is posted at once (the money cannot be spent
 * twice while the PSP works), the PSP is called after the commit, and a refusal (NAO_REALIZADO) posts a
 * reversal exactly once. Transfers left 'processing' (PSP slow or unreachable) are re-checked by the worker.
 */
export class TransfersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly pix: PixProvider,
    private readonly wallets: WalletsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async create(userId: string, walletId: string, request: TransferRequest): Promise<WalletTransfer> {
    const key = normalizePixKey(request.pixKey);
    if (!key) throw fieldError('pix_key', TRANSFER_MESSAGES.pixKeyInvalid);

    const transfer = await this.db.transaction().execute(async (trx) => {
      // The wallet row lock serialises transfers of one wallet (the ledger also locks its accounts).
      const wallet = await this.wallets.findOwned(userId, walletId, trx, true);
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
          pix_key: key.key,
          pix_key_type: key.type,
          description: request.description,
          provider_key: providerKeyOf(id),
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
    });

    let outcome: PixTransfer | null = null;
    try {
      outcome = await this.pix.sendPix(this.sendInput(transfer));
    } catch (error) {
      // Unknown outcome: the money stays debited and the worker asks the PSP later (same idempotency key).
      this.log.error({ err: error, transferId: transfer.id }, 'pix transfer: provider call failed');
    }
    return outcome ? this.applyOutcome(transfer.id, outcome) : transfer;
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
        .where((eb) =>
          eb.or([
            eb('last_checked_at', 'is', null),
            eb('last_checked_at', '<=', sql<Date>`now() - make_interval(secs => ${age})`),
          ]),
        )
        .orderBy('created_at')
        .limit(options.limit ?? 50)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length > 0) {
        await trx
          .updateTable('wallet_transfers')
          .set({ last_checked_at: sql`now()` })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      }
      return rows;
    });
    for (const transfer of claimed) {
      try {
        const known = await this.pix.getTransfer(transfer.provider_key);
        const outcome = known ?? (await this.pix.sendPix(this.sendInput(transfer)));
        await this.applyOutcome(transfer.id, outcome);
      } catch (error) {
        this.log.error({ err: error, transferId: transfer.id }, 'pix transfer re-check failed');
      }
    }
    return claimed.length;
  }
}

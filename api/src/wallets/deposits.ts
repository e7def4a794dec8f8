import { formatBRL } from '@rifaria/shared/format';
import { DEPOSIT_MESSAGES, type DepositInput } from '@rifaria/shared/schemas';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DepositsTable } from '../db/schema';
import { post, depositPosting } from '../ledger';
import { HttpError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import type { WalletsService } from './service';
import { PixProviderError } from '../payments/pix-provider';
import { qrCodeDataUrl } from '../payments/qr';
import type { PaymentsService } from '../payments/service';
import { reserveId } from '../db/ids';
import { centsToReais } from '@rifaria/shared/money';

export type Deposit = Selectable<DepositsTable>;

/** A deposit's Pix stays payable for 48 hours (spec "Pix deposit dialog"). */
export const DEPOSIT_EXPIRY_SECONDS = 48 * 60 * 60;

export interface DepositView {
  payment: {
    id: number;
    txid: string;
    amount: number;
    formatted_amount: string;
    status: Deposit['status'];
    expires_at: string;
    paid_at: string | null;
  };
  pix: { qr_code: string; copy_paste_code: string };
}

/** Pix deposits into a wallet's available balance ("Disponível"). */
export class DepositsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly payments: PaymentsService,
    private readonly wallets: WalletsService,
  ) {
    payments.onPaid('deposit', async (trx, { charge, payment }) => {
      const deposit = await trx
        .updateTable('deposits')
        .set({ status: 'paid', paid_at: payment.paidAt, updated_at: sql`now()` })
        .where('id', '=', charge.reference_id)
        .returningAll()
        .executeTakeFirst();
      if (!deposit) throw new Error(`Charge ${charge.txid} references the missing deposit ${charge.reference_id}`);
      await post(
        trx,
        depositPosting({
          depositId: deposit.id,
          walletId: deposit.wallet_id,
          amountCents: Number(deposit.amount_cents),
          description: `Depósito via Pix - ${deposit.description}`,
        }),
      );
    });
    payments.onExpired('deposit', async (trx, charge) => {
      await trx
        .updateTable('deposits')
        .set({ status: 'expired', updated_at: sql`now()` })
        .where('id', '=', charge.reference_id)
        .where('status', '=', 'pending')
        .execute();
    });
  }

  async create(userId: string, input: DepositInput): Promise<DepositView> {
    const wallet = await this.wallets.findOwned(userId, input.user_wallet_id);
    if (wallet.status !== 'active') {
      throw new HttpError(422, API_MESSAGES.walletNotActive, { user_wallet_id: [API_MESSAGES.walletNotActive] });
    }
    const user = await this.db
      .selectFrom('users')
      .select(['name', 'cpf'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const depositId = await reserveId(this.db, 'deposits');
    try {
      const { charge, qrCodeDataUrl: qr } = await this.payments.createCharge(
        {
          purpose: 'deposit',
          referenceId: depositId,
          amountCents: input.amount,
          expiresInSeconds: DEPOSIT_EXPIRY_SECONDS,
          // Identified payer only with a CPF (API Pix requires one of cpf/cnpj with the name).
          ...(user.cpf ? { payer: { name: user.name, cpf: user.cpf } } : {}),
          description: input.description,
        },
        async (trx, stored) => {
          await trx
            .insertInto('deposits')
            .values({
              id: depositId,
              wallet_id: wallet.id,
              user_id: userId,
              amount_cents: input.amount,
              description: input.description,
              txid: stored.txid,
              expires_at: stored.expires_at,
            })
            .execute();
        },
      );
      const deposit = await this.db
        .selectFrom('deposits')
        .selectAll()
        .where('id', '=', depositId)
        .executeTakeFirstOrThrow();
      return view(deposit, charge.copy_paste_code, qr);
    } catch (error) {
      if (error instanceof PixProviderError) throw new HttpError(502, DEPOSIT_MESSAGES.failed, undefined);
      throw error;
    }
  }

  async get(userId: string, depositId: string): Promise<DepositView> {
    if (!/^\d{1,18}$/.test(depositId)) throw new HttpError(404, API_MESSAGES.depositNotFound);
    const row = await this.db
      .selectFrom('deposits as d')
      .innerJoin('pix_charges as c', 'c.txid', 'd.txid')
      .selectAll('d')
      .select('c.copy_paste_code')
      .where('d.id', '=', depositId)
      .where('d.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, API_MESSAGES.depositNotFound);
    return view(row, row.copy_paste_code, await qrCodeDataUrl(row.copy_paste_code));
  }
}

function view(deposit: Deposit, copyPasteCode: string, qr: string): DepositView {
  const cents = Number(deposit.amount_cents);
  return {
    payment: {
      id: Number(deposit.id),
      txid: deposit.txid,
      amount: centsToReais(cents),
      formatted_amount: formatBRL(cents),
      status: deposit.status,
      expires_at: deposit.expires_at.toISOString(),
      paid_at: deposit.paid_at ? deposit.paid_at.toISOString() : null,
    },
    pix: { qr_code: qr, copy_paste_code: copyPasteCode },
  };
}

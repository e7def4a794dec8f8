import { sql, type Kysely } from 'kysely';
import type { Database, Executor, UserWallet, WalletStatus } from '../db/schema';
import { HttpError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import { walletBalances, type WalletBalances } from '../ledger';
import type { Out } from '../lib/reply-schema';
import type { ActiveWalletLookup } from '../profile/service';
import type { historyReplySchema } from './schemas';
import { centsToReais } from '@rifaria/shared/money';

export const WALLET_STATUS_LABELS: Record<WalletStatus, string> = {
  in_review: 'Em análise',
  active: 'Ativa',
  rejected: 'Recusada',
  closed: 'Encerrada',
};

export interface WalletWithType extends UserWallet {
  wallet_type_name: string;
}

/** One item of GET /api/user-wallets (also the `wallet` of the account-opening reply). */
export function walletListItem(wallet: WalletWithType) {
  return {
    id: Number(wallet.id),
    is_active: wallet.status === 'active',
    status: wallet.status,
    status_label: WALLET_STATUS_LABELS[wallet.status],
    account_number: wallet.account_number,
    wallet_type: { id: wallet.wallet_type_id, name: wallet.wallet_type_name },
    created_at: wallet.created_at.toISOString(),
  };
}

export type HistoryType = 'all' | 'in' | 'out';

export interface HistoryQuery {
  periodDays: number;
  type: HistoryType;
  page: number;
  perPage: number;
}

/** A page of the wallet's statement (GET /api/user-wallets/{id}/transactions), as its reply declares it. */
export type HistoryPage = Omit<Out<typeof historyReplySchema>, 'success'>;

/** Wallet reads (list, ownership, balances, history) and the active-wallet lookup that locks the CPF. */
export class WalletsService implements ActiveWalletLookup {
  constructor(private readonly db: Kysely<Database>) {}

  async listForUser(userId: string): Promise<WalletWithType[]> {
    return this.db
      .selectFrom('user_wallets as w')
      .innerJoin('wallet_types as t', 't.id', 'w.wallet_type_id')
      .selectAll('w')
      .select('t.name as wallet_type_name')
      .where('w.user_id', '=', userId)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .execute();
  }

  /** The user's wallet, or 404: another user's wallet is indistinguishable from a missing one. */
  async findOwned(userId: string, walletId: string | number, trx: Executor = this.db, lock = false) {
    if (!/^\d{1,18}$/.test(String(walletId))) throw new HttpError(404, API_MESSAGES.walletNotFound);
    let query = trx
      .selectFrom('user_wallets')
      .selectAll()
      .where('id', '=', String(walletId))
      .where('user_id', '=', userId);
    if (lock) query = query.forUpdate();
    const wallet = await query.executeTakeFirst();
    if (!wallet) throw new HttpError(404, API_MESSAGES.walletNotFound);
    return wallet;
  }

  async hasActiveWallet(userId: string, trx: Executor): Promise<boolean> {
    const row = await trx
      .selectFrom('user_wallets')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  balances(walletId: string | number, trx: Executor = this.db): Promise<WalletBalances> {
    return walletBalances(trx, walletId);
  }

  /**
   * The wallet's ledger entries, newest first: one row per entry on its available or blocked account, so the lines
   * add up to the total balance (issue 30, item 6). A release (the draw moves a campaign's sales from 'Futuro' to
   * 'Disponível') is one line of type 'move': money changing balance inside the wallet, neither income nor expense
   * (its debit of 'Futuro' is left out, its credit of 'Disponível' is not counted as money in). 'Entradas' and
   * 'Saídas' leave it out. A sale line carries the balance its money is in NOW: 'available' once its campaign's
   * release was posted to this wallet, 'blocked' ('Futuro') before.
   */
  async history(walletId: string | number, query: HistoryQuery): Promise<HistoryPage> {
    const wallet = String(walletId);
    let base = this.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .where('a.wallet_id', '=', wallet)
      .where((eb) => eb.not(eb.and([eb('t.kind', '=', 'release'), eb('a.balance_type', '=', 'blocked')])))
      .where('e.created_at', '>=', sql<Date>`now() - make_interval(days => ${query.periodDays})`);
    if (query.type === 'in') base = base.where('e.amount_cents', '>', '0').where('t.kind', '<>', 'release');
    if (query.type === 'out') base = base.where('e.amount_cents', '<', '0').where('t.kind', '<>', 'release');

    const { total } = await base.select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow();
    const rows = await base
      // Only a transfer's debit carries the transfer's state; its reversal is a completed credit.
      .leftJoin('wallet_transfers as wt', 'wt.debit_transaction_id', 't.id')
      .select([
        'e.id',
        'e.amount_cents',
        'e.created_at',
        'a.balance_type',
        't.kind',
        't.description',
        sql<string | null>`t.metadata->>'purchase_id'`.as('purchase_id'),
        'wt.id as transfer_id',
        'wt.status as transfer_status',
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute();
    const released = await this.releasedPurchases(
      wallet,
      rows.filter((row) => row.kind === 'sale' && row.purchase_id !== null).map((row) => row.purchase_id!),
    );

    const count = Number(total);
    const lastPage = Math.max(1, Math.ceil(count / query.perPage));
    const from = rows.length > 0 ? (query.page - 1) * query.perPage + 1 : null;
    return {
      data: rows.map((row) => {
        const cents = Number(row.amount_cents);
        const blocked = row.balance_type === 'blocked' && !(row.kind === 'sale' && released.has(row.purchase_id ?? ''));
        return {
          id: Number(row.id),
          type: row.kind === 'release' ? 'move' : cents > 0 ? 'in' : 'out',
          kind: row.kind,
          description: row.description,
          amount: centsToReais(Math.abs(cents)),
          balance: blocked ? 'blocked' : 'available',
          status:
            row.transfer_status === 'processing'
              ? 'pending'
              : row.transfer_status === 'failed'
                ? 'failed'
                : 'completed',
          transfer_id: row.kind === 'transfer' && row.transfer_id !== null ? Number(row.transfer_id) : null,
          created_at: row.created_at.toISOString(),
        };
      }),
      pagination: {
        current_page: query.page,
        per_page: query.perPage,
        total: count,
        last_page: lastPage,
        has_more_pages: query.page < lastPage,
        from,
        to: from === null ? null : from + rows.length - 1,
      },
    };
  }

  /**
   * Which of these sales (purchase ids) a draw already released to this wallet. The released campaigns come from
   * the wallet's own release postings (keyed 'release:campaign-<id>-wallet-<wallet>', draws/service.ts), and the
   * purchases are read by their primary key (campaign_id, id): no scan, whatever the size of the campaigns.
   */
  private async releasedPurchases(walletId: string, purchaseIds: string[]): Promise<Set<string>> {
    const ids = purchaseIds.filter((id) => /^\d{1,18}$/.test(id));
    if (ids.length === 0) return new Set();
    const releases = await this.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select(sql<string>`t.metadata->>'release_id'`.as('release_id'))
      .where('a.wallet_id', '=', walletId)
      .where('a.balance_type', '=', 'available')
      .where('t.kind', '=', 'release')
      .execute();
    const campaignIds = releases
      .map((row) => /^campaign-(\d{1,18})-wallet-(\d{1,18})$/.exec(row.release_id ?? ''))
      .filter((match) => match !== null && match[2] === walletId)
      .map((match) => match![1]!);
    if (campaignIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('purchases')
      .select('id')
      .where('campaign_id', 'in', campaignIds)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((row) => String(row.id)));
  }
}

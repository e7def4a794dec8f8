import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AccountApplicationsTable, ApplicationStatus, Database, Executor, KycRejectionCode } from '../db/schema';
import type { WalletWithType } from '../wallets/service';

export type AccountApplication = Selectable<AccountApplicationsTable>;
export type NewAccountApplication = Insertable<AccountApplicationsTable>;

/** The partial unique index of 012_account_holder_cpf: one in-review or active wallet per holder CPF. */
export const HOLDER_CPF_INDEX = 'user_wallets_holder_cpf_open_key';

/** The only wallet type so far ('Conta Digital Rifaria', seeded in 002). */
export const DIGITAL_ACCOUNT_WALLET_TYPE = 1;

/** Account applications and the wallet rows the account-opening flow creates and reviews. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listDocumentTypes(trx: Executor = this.db): Promise<{ id: number; name: string }[]> {
    return trx.selectFrom('document_types').select(['id', 'name']).orderBy('id').execute();
  }

  async documentTypeExists(id: number, trx: Executor = this.db): Promise<boolean> {
    const row = await trx.selectFrom('document_types').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** One active or in-review wallet per user: the account-opening rule. */
  async hasOpenWallet(userId: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('user_wallets')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['in_review', 'active'])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether an in-review or active wallet of ANOTHER user holds this CPF (the rule of 012_account_holder_cpf). */
  async cpfHeldByAnotherAccount(cpf: string, userId: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('user_wallets')
      .select('id')
      .where('holder_cpf', '=', cpf)
      .where('status', 'in', ['in_review', 'active'])
      .where('user_id', '<>', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Inserts an in-review wallet, or returns null when the account number is taken. ON CONFLICT DO NOTHING
   * instead of catching unique_violation: an error would abort the surrounding transaction, a skipped row does not.
   * A CPF already held by an open account is NOT skipped: its unique_violation (HOLDER_CPF_INDEX) ends the opening.
   */
  async insertWalletUnlessNumberTaken(
    userId: string,
    accountNumber: string,
    holderCpf: string,
    trx: Executor = this.db,
  ): Promise<{ id: string } | null> {
    const row = await trx
      .insertInto('user_wallets')
      .values({
        user_id: userId,
        wallet_type_id: DIGITAL_ACCOUNT_WALLET_TYPE,
        account_number: accountNumber,
        status: 'in_review',
        holder_cpf: holderCpf,
      })
      .onConflict((oc) => oc.column('account_number').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ?? null;
  }

  findWallet(walletId: string, trx: Executor = this.db): Promise<WalletWithType | undefined> {
    return trx
      .selectFrom('user_wallets as w')
      .innerJoin('wallet_types as t', 't.id', 'w.wallet_type_id')
      .selectAll('w')
      .select('t.name as wallet_type_name')
      .where('w.id', '=', walletId)
      .executeTakeFirst();
  }

  createApplication(application: NewAccountApplication, trx: Executor = this.db): Promise<AccountApplication> {
    return trx.insertInto('account_applications').values(application).returningAll().executeTakeFirstOrThrow();
  }

  findApplicationByWallet(walletId: string, trx: Executor = this.db): Promise<AccountApplication | undefined> {
    return trx.selectFrom('account_applications').selectAll().where('user_wallet_id', '=', walletId).executeTakeFirst();
  }

  listApplicationsOfUser(userId: string, trx: Executor = this.db): Promise<AccountApplication[]> {
    return trx
      .selectFrom('account_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Whether a later application corrects this one ('Corrigir e reenviar', at most once). */
  isResubmitted(id: string, trx: Executor = this.db): Promise<boolean> {
    const query = trx.selectFrom('account_applications').select('id').where('resubmission_of', '=', id);
    return query.executeTakeFirst().then((row) => row !== undefined);
  }

  /**
   * Locks in-review applications at least `minimumAgeMs` old (database clock, the same for every process),
   * oldest first. SKIP LOCKED: rows another process is reviewing right now are skipped, never reviewed twice.
   */
  lockPendingApplications(minimumAgeMs: number, limit: number, trx: Executor): Promise<AccountApplication[]> {
    return trx
      .selectFrom('account_applications')
      .selectAll()
      .where('status', '=', 'in_review')
      .where('created_at', '<=', sql<Date>`now() - ${minimumAgeMs}::integer * interval '1 millisecond'`)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /**
   * The application locked FOR UPDATE (an operator's decision): a second operator deciding the same one waits here
   * for the first to commit, then reads the decided status.
   */
  lockApplication(id: string, trx: Executor): Promise<AccountApplication | undefined> {
    return trx.selectFrom('account_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  findApplication(id: string, trx: Executor = this.db): Promise<AccountApplication | undefined> {
    return trx.selectFrom('account_applications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The operators' queue (issue 32), one status at a time: the ones in review oldest first (first come, first
   * reviewed), the decided ones newest decision first.
   */
  async listApplications(
    status: ApplicationStatus,
    page: number,
    perPage: number,
    trx: Executor = this.db,
  ): Promise<{ items: AccountApplication[]; total: number }> {
    const filtered = trx.selectFrom('account_applications').where('status', '=', status);
    const ordered =
      status === 'in_review'
        ? filtered.selectAll().orderBy('created_at').orderBy('id')
        : filtered.selectAll().orderBy('reviewed_at', 'desc').orderBy('id', 'desc');
    const [items, count] = await Promise.all([
      ordered
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.total) };
  }

  /** Approval: the application and its wallet together (call inside the review transaction). */
  async approve(application: AccountApplication, reviewer: string, trx: Executor): Promise<void> {
    await trx
      .updateTable('account_applications')
      .set({ status: 'approved', reviewer, reviewed_at: sql<Date>`now()` })
      .where('id', '=', application.id)
      .where('status', '=', 'in_review')
      .execute();
    await trx
      .updateTable('user_wallets')
      .set({ status: 'active', activated_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', application.user_wallet_id)
      .where('status', '=', 'in_review')
      .execute();
  }

  /** `code`: an operator's reason from the fixed list and its details (issue 32); `reason` is the organiser's text. */
  async reject(
    application: AccountApplication,
    reviewer: string,
    reason: string,
    trx: Executor,
    code: { rejection_code: KycRejectionCode; rejection_details: string | null } | null = null,
  ): Promise<void> {
    await trx
      .updateTable('account_applications')
      .set({ status: 'rejected', reviewer, rejection_reason: reason, reviewed_at: sql<Date>`now()`, ...code })
      .where('id', '=', application.id)
      .where('status', '=', 'in_review')
      .execute();
    await trx
      .updateTable('user_wallets')
      .set({ status: 'rejected', status_reason: reason, updated_at: sql<Date>`now()` })
      .where('id', '=', application.user_wallet_id)
      .where('status', '=', 'in_review')
      .execute();
  }
}

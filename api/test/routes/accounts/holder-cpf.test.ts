import fs from 'node:fs';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES, HOLDER_CPF_INDEX, type AccountApplication } from '../../../src/accounts';
import { DB_KIND, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { freshCpf, openAccount, storedDocuments, temporaryStorageDir, VALID_FIELDS } from '../../support/accounts';
import { refusal } from '@rifaria/shared/testing/fixtures';

// Issue 11: one CPF backs one organiser's account (in review or active), and the account's CPF is the profile's.
const storageDir = temporaryStorageDir();
const t = setupApp({ config: { storage: { dir: storageDir }, kyc: { sandboxApprovalDelayMs: 0 } } });
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

const VALIDATION_FAILED = 'Dados inválidos. Verifique os campos informados.';
const CPF_TAKEN = { success: false, message: VALIDATION_FAILED, errors: { cpf: [ACCOUNT_MESSAGES.cpfTaken] } };

const db = () => t.database.db;
const form = (cpf: string) => ({ ...VALID_FIELDS, cpf });

async function openFor(user: RegisteredUser, cpf: string): Promise<string> {
  const response = await openAccount(t.app, user.token, form(cpf));
  if (response.statusCode !== 201) throw new Error(`opening failed: ${response.body}`);
  return String(response.json().data.wallet.id);
}

const walletsHolding = (cpf: string) =>
  db().selectFrom('user_wallets').select(['user_id', 'status']).where('holder_cpf', '=', cpf).orderBy('id').execute();

/** Every stored document belongs to an application: a refused opening leaves no file behind. */
async function expectNoOrphanDocument() {
  const keys = (await db().selectFrom('account_applications').select('document_storage_key').execute()).map(
    (row) => row.document_storage_key.split('/')[1],
  );
  expect(storedDocuments(storageDir).sort()).toEqual(keys.sort());
}

async function rejectApplicationOf(walletId: string) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const application: AccountApplication = await trx
        .selectFrom('account_applications')
        .selectAll()
        .where('user_wallet_id', '=', walletId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await t.app.services.accounts.reject(application, 'sandbox', 'Documento ilegível', trx);
    });
}

describe('POST /digital-wallets/abrir-conta: one CPF, one open account', () => {
  it("should refuse another organiser's application with a CPF whose account is in review, storing nothing", async () => {
    const cpf = freshCpf();
    const first = await registerUser(t.app);
    await openFor(first, cpf);
    const second = await registerUser(t.app);
    const response = await openAccount(t.app, second.token, form(cpf));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(CPF_TAKEN);
    expect(await walletsHolding(cpf)).toEqual([{ user_id: String(first.id), status: 'in_review' }]);
    expect(await t.app.services.accounts.listApplicationsOfUser(String(second.id))).toEqual([]);
    await expectNoOrphanDocument();
  });

  it('should refuse it as well once that account is active, whatever the mask of the CPF', async () => {
    const cpf = freshCpf();
    await openFor(await registerUser(t.app), cpf);
    await t.app.services.kycReview.reviewPendingApplications();
    expect((await walletsHolding(cpf))[0]?.status).toBe('active');
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const response = await openAccount(t.app, (await registerUser(t.app)).token, form(masked));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(CPF_TAKEN);
  });

  it('should let the same person apply again after a rejection, and another one after that', async () => {
    const cpf = freshCpf();
    const person = await registerUser(t.app);
    await rejectApplicationOf(await openFor(person, cpf));
    const again = await openAccount(t.app, person.token, form(cpf));
    expect(again.statusCode).toBe(201);
    expect(await walletsHolding(cpf)).toEqual([
      { user_id: String(person.id), status: 'rejected' },
      { user_id: String(person.id), status: 'in_review' },
    ]);
    // The new application is in review again: the CPF is taken for everybody else.
    const other = await openAccount(t.app, (await registerUser(t.app)).token, form(cpf));
    expect(other.json()).toEqual(CPF_TAKEN);
  });

  it('should free the CPF of a closed account', async () => {
    const cpf = freshCpf();
    const walletId = await openFor(await registerUser(t.app), cpf);
    await db().updateTable('user_wallets').set({ status: 'closed' }).where('id', '=', walletId).execute();
    const response = await openAccount(t.app, (await registerUser(t.app)).token, form(cpf));
    expect(response.statusCode).toBe(201);
  });

  it('should open one account only when two organisers apply with the same CPF at once', async () => {
    const cpf = freshCpf();
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)];
    const responses = await Promise.all([
      openAccount(t.app, a.token, form(cpf)),
      openAccount(t.app, b.token, form(cpf)),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(responses.find((r) => r.statusCode === 422)!.json()).toEqual(CPF_TAKEN);
    expect(await walletsHolding(cpf)).toHaveLength(1);
    await expectNoOrphanDocument();
  });

  (DB_KIND === 'postgres' ? it : it.skip)(
    'should answer the same 422 when the other application commits between the check and the insert',
    async () => {
      const cpf = freshCpf();
      const [first, second] = [await registerUser(t.app), await registerUser(t.app)];
      // Another process has inserted an in-review wallet with this CPF and not committed yet: the opening's checks
      // cannot see it, its insert waits on the unique index, then fails once this transaction commits.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const isInserted = new Promise<void>((resolve) => (inserted = resolve));
      const holder = db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('user_wallets')
            .values({ user_id: String(first.id), wallet_type_id: 1, account_number: '990000001', holder_cpf: cpf })
            .execute();
          inserted();
          await released;
        });
      await isInserted;
      const pending = openAccount(t.app, second.token, form(cpf));
      const waitingInserts = async () => {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "user_wallets"%'`.execute(db());
        return rows[0]?.n ?? 0;
      };
      const deadline = Date.now() + 10_000;
      while ((await waitingInserts()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await waitingInserts()).toBe(1);
      release();
      await holder;
      const response = await pending;
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(CPF_TAKEN);
      await expectNoOrphanDocument();
    },
  );

  it('should enforce the rule in the database itself: one in-review or active wallet per holder CPF', async () => {
    const cpf = freshCpf();
    const [a, b, c] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    const insert = (userId: number, accountNumber: string, status: 'in_review' | 'active' | 'rejected') =>
      db()
        .insertInto('user_wallets')
        .values({ user_id: String(userId), wallet_type_id: 1, account_number: accountNumber, status, holder_cpf: cpf })
        .execute();
    await insert(a.id, '880000001', 'rejected');
    await insert(b.id, '880000002', 'active');
    await expect(insert(c.id, '880000003', 'in_review')).rejects.toMatchObject({
      code: '23505',
      constraint: HOLDER_CPF_INDEX,
    });
  });
});

describe("POST /digital-wallets/abrir-conta: the account's CPF is the profile's", () => {
  it('should refuse a CPF other than the one on the profile, then accept the profile one', async () => {
    const owner = await registerUser(t.app);
    const profileCpf = freshCpf();
    await t.repos.users.update(String(owner.id), { cpf: profileCpf });
    const refused = await openAccount(t.app, owner.token, form(freshCpf()));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(refusal(VALIDATION_FAILED, { cpf: [ACCOUNT_MESSAGES.cpfProfileMismatch] }));
    expect(await t.app.services.accounts.listApplicationsOfUser(String(owner.id))).toEqual([]);
    await expectNoOrphanDocument();

    const accepted = await openAccount(t.app, owner.token, form(profileCpf));
    expect(accepted.statusCode).toBe(201);
  });

  it('should take the CPF of the form when the profile has none, and keep it on the profile', async () => {
    const owner = await registerUser(t.app);
    const cpf = freshCpf();
    expect((await openAccount(t.app, owner.token, form(cpf))).statusCode).toBe(201);
    expect((await t.repos.users.findById(String(owner.id)))?.cpf).toBe(cpf);
  });
});

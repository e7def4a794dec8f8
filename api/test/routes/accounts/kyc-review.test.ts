import fs from 'node:fs';
import { sql } from 'kysely';
import { accountsWorkerSteps } from '../../../src/accounts';
import { DB_KIND, registerUser, setupApp, setupAppBeside, type TestApp } from '../../helper';
import { openAccount, temporaryStorageDir } from '../../support/accounts';

const storageDir = temporaryStorageDir();
// Delay 0: an application is due as soon as it is committed.
const t = setupApp({ config: { storage: { dir: storageDir }, kyc: { sandboxApprovalDelayMs: 0 } } });
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

async function openFor(app: TestApp['app']) {
  const user = await registerUser(app);
  const response = await openAccount(app, user.token);
  if (response.statusCode !== 201) throw new Error(`opening failed: ${response.body}`);
  return { user, walletId: String(response.json().data.wallet.id) };
}

const walletOf = (id: string) =>
  t.database.db.selectFrom('user_wallets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const applicationOf = (walletId: string) =>
  t.database.db
    .selectFrom('account_applications')
    .selectAll()
    .where('user_wallet_id', '=', walletId)
    .executeTakeFirstOrThrow();

describe('KYC review (sandbox)', () => {
  it('should approve a due application: application approved, wallet active with activated_at', async () => {
    const { walletId } = await openFor(t.app);
    const summary = await t.app.services.kycReview.reviewPendingApplications();
    expect(summary.approved).toBeGreaterThanOrEqual(1);
    expect(await walletOf(walletId)).toMatchObject({ status: 'active', activated_at: expect.any(Date) });
    expect(await applicationOf(walletId)).toMatchObject({
      status: 'approved',
      reviewer: 'sandbox',
      reviewed_at: expect.any(Date),
    });
  });

  it('should review through the worker step and do nothing on a second pass', async () => {
    const { walletId } = await openFor(t.app);
    for (const step of accountsWorkerSteps(t.app.services.kycReview)) await step.run();
    expect((await walletOf(walletId)).status).toBe('active');
    expect(await t.app.services.kycReview.reviewPendingApplications()).toEqual({
      approved: 0,
      rejected: 0,
      pending: 0,
    });
  });

  it('should refuse a new opening once the account is active', async () => {
    const { user } = await openFor(t.app);
    await t.app.services.kycReview.reviewPendingApplications();
    const response = await openAccount(t.app, user.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Você já possui uma conta digital ativa ou em análise.');
  });

  it("should leave other users' wallets alone when approving one", async () => {
    const first = await openFor(t.app);
    await t.app.services.kycReview.reviewPendingApplications();
    const second = await openFor(t.app);
    expect((await walletOf(second.walletId)).status).toBe('in_review');
    await t.app.services.kycReview.reviewPendingApplications();
    const firstWallet = await walletOf(first.walletId);
    const secondWallet = await walletOf(second.walletId);
    expect(secondWallet.status).toBe('active');
    expect(firstWallet.user_id).not.toBe(secondWallet.user_id);
    expect(firstWallet.account_number).not.toBe(secondWallet.account_number);
  });

  (DB_KIND === 'postgres' ? it : it.skip)(
    'should skip an application another process holds locked (FOR UPDATE SKIP LOCKED)',
    async () => {
      const { walletId } = await openFor(t.app);
      const application = await applicationOf(walletId);
      // Another "process" is reviewing it: its row is locked until that transaction ends.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.database.db.transaction().execute(async (trx) => {
        await sql`SELECT id FROM account_applications WHERE id = ${application.id} FOR UPDATE`.execute(trx);
        locked();
        await released;
      });
      await isLocked;
      const summary = await t.app.services.kycReview.reviewPendingApplications();
      expect(summary.approved).toBe(0);
      expect((await walletOf(walletId)).status).toBe('in_review');
      release();
      await holder;
      await t.app.services.kycReview.reviewPendingApplications();
      expect((await walletOf(walletId)).status).toBe('active');
    },
  );
});

describe('KYC review (sandbox) with a delay', () => {
  // Same database, a reviewer that waits one minute.
  const slow = setupAppBeside(t, { config: { kyc: { sandboxApprovalDelayMs: 60_000 } } });

  it('should not approve before the delay, then approve once the application is old enough', async () => {
    // Nothing else pending: earlier tests approved everything.
    await t.app.services.kycReview.reviewPendingApplications();
    const { walletId } = await openFor(slow.app);
    expect(await slow.app.services.kycReview.reviewPendingApplications()).toEqual({
      approved: 0,
      rejected: 0,
      pending: 0,
    });
    expect((await walletOf(walletId)).status).toBe('in_review');

    // Sixty-one seconds later (the database clock decides, so the row is moved back instead of sleeping).
    // (created_at is never updated by the code, so the typed builder forbids it: raw SQL here.)
    await sql`UPDATE account_applications SET created_at = now() - interval '61 seconds'
              WHERE user_wallet_id = ${walletId}`.execute(t.database.db);
    expect((await slow.app.services.kycReview.reviewPendingApplications()).approved).toBe(1);
    expect((await walletOf(walletId)).status).toBe('active');
  });
});

import { sql } from 'kysely';
import { DEPOSIT_MESSAGES } from '@rifaria/shared/schemas';
import { auditLedger } from '../../../src/ledger';
import { startWorker } from '../../../src/lib/worker';
import { paymentsWorkerSteps } from '../../../src/payments/worker';
import { walletsWorkerSteps } from '../../../src/wallets/worker';
import { TRANSFER_REPLY_MESSAGES } from '../../../src/wallets/messages';
import { bearer, setupApp, type RegisteredUser } from '../../helper';
import { FakePixProvider } from '../../support/fake-pix';
import { availableBalance, userWithWallet } from '../../support/organisers';
import { postPixWebhook } from '../../support/pix';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * The payments core against a PSP double, for what the sandbox cannot do: a charge paid with another amount,
 * a lost webhook, a PSP that is down, transfers that stay processing.
 */

const pix = new FakePixProvider();
const t = setupApp({ pix });
const db = () => t.database.db;
const payments = () => t.app.services.payments;
const transfers = () => t.app.services.transfers;

async function pendingDeposit(amount = 25) {
  const { user, walletId } = await userWithWallet(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/payments/deposits',
    headers: bearer(user.token),
    payload: { amount, description: 'Depósito', user_wallet_id: Number(walletId) },
  });
  expect(response.statusCode).toBe(201);
  return { user, walletId, body: response.json() };
}

const webhook = (body: unknown) => postPixWebhook(t.app, body, { 'x-fake-psp': 'ok' });
const balance = (user: RegisteredUser, walletId: string) => availableBalance(t.app, user, walletId);
const depositStatus = async (id: number) =>
  (await db().selectFrom('deposits').select('status').where('id', '=', String(id)).executeTakeFirstOrThrow()).status;

describe('PaymentsService.handleWebhook', () => {
  it('should answer sandbox_pay_url null with a real PSP', async () => {
    const { body } = await pendingDeposit();
    expect(body.sandbox_pay_url).toBeNull();
  });

  it('should re-fetch the charge once and credit once for ten identical webhooks', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    const notice = pix.pay(body.payment.txid);
    const callsBefore = pix.getChargeCalls;
    for (let i = 0; i < 10; i++) expect((await webhook(notice)).statusCode).toBe(200);
    expect(await balance(user, walletId)).toBe(25);
    // Once paid, replays are answered from our own records without asking the PSP again.
    expect(pix.getChargeCalls - callsBefore).toBe(1);
    const calls = await db()
      .selectFrom('pix_webhook_calls')
      .select('outcome')
      .orderBy('id', 'desc')
      .limit(10)
      .execute();
    expect(calls.every((c) => c.outcome === 'processed')).toBe(true);
  });

  it('should credit nothing when the PSP reports another amount than the charge', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    const notice = pix.pay(body.payment.txid, 100);
    // Even a notice that claims the right amount is checked against the re-fetched charge.
    notice.pix[0]!.valor = '25.00';
    expect((await webhook(notice)).statusCode).toBe(200);
    expect(await balance(user, walletId)).toBe(0);
    expect(await depositStatus(body.payment.id)).toBe('pending');
  });

  it('should process every notice of a call carrying several payments', async () => {
    const a = await pendingDeposit(10);
    const b = await pendingDeposit(20);
    const call = { pix: [...pix.pay(a.body.payment.txid).pix, ...pix.pay(b.body.payment.txid).pix] };
    expect((await webhook(call)).statusCode).toBe(200);
    expect(await balance(a.user, a.walletId)).toBe(10);
    expect(await balance(b.user, b.walletId)).toBe(20);
  });
});

describe('concurrent requests', () => {
  it('should credit once when the same webhook arrives ten times at once', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    const notice = pix.pay(body.payment.txid);
    const replies = await Promise.all(Array.from({ length: 10 }, () => webhook(notice)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await balance(user, walletId)).toBe(25);
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });

  it('should let only one of two simultaneous transfers spend the same balance', async () => {
    const { user, walletId, body } = await pendingDeposit(20);
    await webhook(pix.pay(body.payment.txid));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/user-wallets/${walletId}/transfers`,
        headers: bearer(user.token),
        payload: { amount: 15, pix_key: 'destino@example.com' },
      });
    const replies = await Promise.all([send(), send()]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await balance(user, walletId)).toBe(5);
  });
});

describe('PaymentsService.reconcilePendingCharges', () => {
  it('should credit a paid charge whose webhook was lost, once', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    pix.pay(body.payment.txid); // the PSP got the money; its webhook never arrives
    expect(await balance(user, walletId)).toBe(0);

    const counts = await payments().reconcilePendingCharges({ olderThanSeconds: 0 });
    expect(counts.credited).toBe(1);
    expect(await balance(user, walletId)).toBe(25);
    expect(await depositStatus(body.payment.id)).toBe('paid');

    await payments().reconcilePendingCharges({ olderThanSeconds: 0 });
    expect(await balance(user, walletId)).toBe(25);
  });

  it('should leave charges younger than the threshold alone', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    pix.pay(body.payment.txid);
    await payments().reconcilePendingCharges({ olderThanSeconds: 3600 });
    expect(await balance(user, walletId)).toBe(0);
    await payments().reconcilePendingCharges({ olderThanSeconds: 0 });
    expect(await balance(user, walletId)).toBe(25);
  });

  it('should credit each charge once when two passes run at once', async () => {
    const deposits = [await pendingDeposit(5), await pendingDeposit(6), await pendingDeposit(7)];
    for (const d of deposits) pix.pay(d.body.payment.txid);
    const results = await Promise.all([
      payments().reconcilePendingCharges({ olderThanSeconds: 0 }),
      payments().reconcilePendingCharges({ olderThanSeconds: 0 }),
    ]);
    const credited = results.reduce((sum, r) => sum + (r.credited ?? 0), 0);
    expect(credited).toBe(3);
    for (const d of deposits) expect(await balance(d.user, d.walletId)).toBe(d.body.payment.amount);
  });
});

describe('PaymentsService.expirePendingCharges', () => {
  it('should expire an overdue deposit, and still credit it when its Pix shows up late', async () => {
    const { user, walletId, body } = await pendingDeposit(30);
    await db()
      .updateTable('pix_charges')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('txid', '=', body.payment.txid)
      .execute();
    expect(await payments().expirePendingCharges()).toBeGreaterThanOrEqual(1);
    expect(await depositStatus(body.payment.id)).toBe('expired');

    // Money that arrived is never lost: the reconciliation also re-checks recently expired charges.
    pix.pay(body.payment.txid);
    await payments().reconcilePendingCharges({ olderThanSeconds: 0 });
    expect(await depositStatus(body.payment.id)).toBe('paid');
    expect(await balance(user, walletId)).toBe(30);
  });
});

describe('POST /payments/deposits with the PSP down', () => {
  it('should answer 502 with the spec message and keep no deposit', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    pix.failNextCall = true;
    const response = await t.app.inject({
      method: 'POST',
      url: '/payments/deposits',
      headers: bearer(user.token),
      payload: { amount: 25, description: 'x', user_wallet_id: Number(walletId) },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(refusal(DEPOSIT_MESSAGES.failed));
    const rows = await db().selectFrom('deposits').select('id').where('wallet_id', '=', walletId).execute();
    expect(rows).toEqual([]);
  });
});

describe('TransfersService.recheckProcessing', () => {
  async function fundedWallet(amount: number) {
    const { user, walletId, body } = await pendingDeposit(amount);
    await webhook(pix.pay(body.payment.txid));
    return { user, walletId };
  }
  const send = (user: RegisteredUser, walletId: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user-wallets/${walletId}/transfers`,
      headers: bearer(user.token),
      payload: { amount, pix_key: 'destino@example.com' },
    });

  it('should restore the balance once when a processing transfer finally fails', async () => {
    const { user, walletId } = await fundedWallet(50);
    pix.nextTransferStatus = 'EM_PROCESSAMENTO';
    const response = await send(user, walletId, 20);
    pix.nextTransferStatus = 'REALIZADO';
    expect(response.json().data.status).toBe('processing');
    expect(await balance(user, walletId)).toBe(30);
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/user-wallets/${walletId}/transactions?type=out`,
        headers: bearer(user.token),
      })
    ).json();
    expect(history.data[0]).toMatchObject({ kind: 'transfer', status: 'pending' });

    const key = pix.sent.at(-1)!.idempotencyKey;
    pix.settleTransfer(key, 'NAO_REALIZADO');
    expect(await transfers().recheckProcessing({ olderThanSeconds: 0 })).toBeGreaterThanOrEqual(1);
    expect(await balance(user, walletId)).toBe(50);
    await transfers().recheckProcessing({ olderThanSeconds: 0 });
    expect(await balance(user, walletId)).toBe(50);
    const row = await db()
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('provider_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'Conta destino encerrada' });
  });

  it('should send nothing and debit nothing when the key lookup fails (502)', async () => {
    const { user, walletId } = await fundedWallet(40);
    const sent = pix.sent.length;
    pix.failNextLookup = true;
    const response = await send(user, walletId, 15);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(TRANSFER_REPLY_MESSAGES.lookupFailed);
    expect(pix.sent).toHaveLength(sent);
    expect(await balance(user, walletId)).toBe(40);
  });

  it('should send again, with the same key, a transfer the PSP never received', async () => {
    const { user, walletId } = await fundedWallet(40);
    pix.failNextCall = true;
    const response = await send(user, walletId, 15);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.status).toBe('processing');
    const row = await db()
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('id', '=', String(response.json().data.id))
      .executeTakeFirstOrThrow();

    await transfers().recheckProcessing({ olderThanSeconds: 0 });
    const after = await db()
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('completed');
    expect(pix.sent.filter((s) => s.idempotencyKey === row.provider_key)).toHaveLength(1);
    expect(await balance(user, walletId)).toBe(25);
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });

  it('should reverse a processing transfer the PSP never received and now refuses to send', async () => {
    const { user, walletId } = await fundedWallet(40);
    pix.failNextCall = true;
    const response = await send(user, walletId, 15);
    expect(response.json().data.status).toBe('processing');
    expect(await balance(user, walletId)).toBe(25);

    pix.refuseToSend = true;
    try {
      await transfers().recheckProcessing({ olderThanSeconds: 0 });
    } finally {
      pix.refuseToSend = false;
    }
    const row = await db()
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('id', '=', String(response.json().data.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.reversal_transaction_id).not.toBeNull();
    expect(await balance(user, walletId)).toBe(40);
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });
});

describe('PaymentsService.resumeInterruptedWebhookCalls', () => {
  /** A call stored as 'received' whose processing never finished (the process died right after storing it). */
  const interruptedCall = async (rawBody: string, minutesAgo: number) =>
    (
      await db()
        .insertInto('pix_webhook_calls')
        .values({
          raw_body: rawBody,
          headers: '{}',
          received_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const outcomeOf = async (id: string) =>
    await db()
      .selectFrom('pix_webhook_calls')
      .select(['outcome', 'detail'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('should process an interrupted call again from its stored body, and mark a malformed one, never leaving them received', async () => {
    const { user, walletId, body } = await pendingDeposit(31);
    const paid = await interruptedCall(JSON.stringify(pix.pay(body.payment.txid)), 5);
    const malformed = await interruptedCall('{"pix": [', 5);
    const fresh = await interruptedCall('{"pix": []}', 0);

    // One still inside its request (younger than the threshold) is left to it.
    expect(await payments().resumeInterruptedWebhookCalls({ olderThanSeconds: 60 })).toBe(2);
    expect(await outcomeOf(paid)).toEqual({
      outcome: 'processed',
      detail: JSON.stringify([{ txid: body.payment.txid, outcome: 'credited' }]),
    });
    expect(await outcomeOf(malformed)).toEqual({ outcome: 'rejected', detail: 'invalid JSON' });
    expect((await outcomeOf(fresh)).outcome).toBe('received');
    expect(await balance(user, walletId)).toBe(31);

    // Done once: nothing left to resume, nothing credited twice.
    expect(await payments().resumeInterruptedWebhookCalls({ olderThanSeconds: 60 })).toBe(0);
    expect(await balance(user, walletId)).toBe(31);
  });

  it('should let two passes at once take each call once', async () => {
    const calls = [await interruptedCall('{"pix": []}', 5), await interruptedCall('{"pix": []}', 5)];
    const taken = await Promise.all([
      payments().resumeInterruptedWebhookCalls({ olderThanSeconds: 60 }),
      payments().resumeInterruptedWebhookCalls({ olderThanSeconds: 60 }),
    ]);
    expect(taken[0]! + taken[1]!).toBe(2);
    for (const id of calls) expect((await outcomeOf(id)).outcome).toBe('rejected'); // an empty pix[] is not a notice
  });

  it('should be a step of the payments worker', () => {
    expect(paymentsWorkerSteps(payments()).map((step) => step.name)).toContain('webhook-calls');
  });
});

describe('startWorker', () => {
  it('should run the steps on its interval and stop cleanly', async () => {
    const { user, walletId, body } = await pendingDeposit(12);
    pix.pay(body.payment.txid);
    // The default threshold is 60 s: make this charge look old enough for the worker.
    await db()
      .updateTable('pix_charges')
      .set({ created_at: sql<Date>`now() - interval '2 minutes'` } as never)
      .where('txid', '=', body.payment.txid)
      .execute();
    const worker = startWorker({
      steps: [...paymentsWorkerSteps(payments()), ...walletsWorkerSteps(transfers())],
      intervalMs: 10,
      log: t.app.log,
    });
    for (let i = 0; i < 100 && (await balance(user, walletId)) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(await balance(user, walletId)).toBe(12);
  });
});

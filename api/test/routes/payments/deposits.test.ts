import { formatBRL } from '@rifaria/shared/format';
import { DEPOSIT_MESSAGES } from '@rifaria/shared/schemas';
import { auditLedger } from '../../../src/ledger';
import { SANDBOX_WEBHOOK_SECRET_HEADER } from '../../../src/payments/sandbox';
import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { countRows } from '../../support/rows';
import { availableBalance, userWithWallet } from '../../support/organisers';
import { payCharge, postPixWebhook } from '../../support/pix';
import { refusal } from '@rifaria/shared/testing/fixtures';

/** Deposits end to end on the real sandbox PSP: create, pay (the sandbox calls our webhook), balance, history. */

const SECRET = 'segredo-de-teste-do-webhook';
const t = setupApp({ config: { pix: { sandbox: { webhookSecret: SECRET } } } });
const db = () => t.database.db;

const createDeposit = (user: RegisteredUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/payments/deposits', headers: bearer(user.token), payload });
const pay = (txid: string) => payCharge(t.app, txid);
const webhook = (body: unknown, headers: Record<string, string> = { [SANDBOX_WEBHOOK_SECRET_HEADER]: SECRET }) =>
  postPixWebhook(t.app, body, headers);
const balance = (user: RegisteredUser, walletId: string) => availableBalance(t.app, user, walletId);

async function pendingDeposit(amount = 25) {
  const { user, walletId } = await userWithWallet(t.app);
  const response = await createDeposit(user, {
    amount,
    description: 'Depósito de teste',
    user_wallet_id: Number(walletId),
  });
  expect(response.statusCode).toBe(201);
  return { user, walletId, body: response.json() };
}

const lastWebhookCall = () =>
  db().selectFrom('pix_webhook_calls').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('POST /payments/deposits', () => {
  it('should create a Pix charge expiring in 48 hours and answer the contract shape', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    const before = Date.now();
    const response = await createDeposit(user, {
      amount: 25,
      description: 'Reforço de caixa',
      user_wallet_id: Number(walletId),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message: 'Pix gerado com sucesso!',
      payment: {
        id: expect.any(Number),
        txid: expect.stringMatching(/^[a-zA-Z0-9]{32}$/),
        amount: 25,
        formatted_amount: formatBRL(2500),
        status: 'pending',
        expires_at: expect.any(String),
        paid_at: null,
      },
      pix: {
        qr_code: expect.stringMatching(/^data:image\/png;base64,/),
        copy_paste_code: expect.stringMatching(/^000201/),
      },
      sandbox_pay_url: `/payments/sandbox/charges/${body.payment.txid}/pay`,
    });
    const expiresIn = new Date(body.payment.expires_at).getTime() - before;
    expect(expiresIn).toBeGreaterThan(48 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThan(48 * 3600_000 + 60_000);
    const charge = await db()
      .selectFrom('pix_charges')
      .selectAll()
      .where('txid', '=', body.payment.txid)
      .executeTakeFirstOrThrow();
    expect(charge).toMatchObject({
      purpose: 'deposit',
      reference_id: String(body.payment.id),
      amount_cents: '2500',
      status: 'pending',
    });
  });

  it.each([
    // Nothing typed: the spec's 'Valor deve ser maior que zero' (issue 11).
    ['amount', { amount: undefined }, DEPOSIT_MESSAGES.amountPositive],
    ['amount', { amount: '' }, DEPOSIT_MESSAGES.amountPositive],
    ['amount', { amount: 0 }, DEPOSIT_MESSAGES.amountPositive],
    ['amount', { amount: -5 }, DEPOSIT_MESSAGES.amountPositive],
    ['amount', { amount: 4.99 }, DEPOSIT_MESSAGES.amountMinimum],
    ['amount', { amount: 100000.01 }, DEPOSIT_MESSAGES.amountMaximum],
    ['amount', { amount: 'abc' }, DEPOSIT_MESSAGES.amountInvalid],
    ['amount', { amount: 5.001 }, DEPOSIT_MESSAGES.amountInvalid],
    ['description', { description: '' }, DEPOSIT_MESSAGES.descriptionRequired],
    ['description', { description: '   ' }, DEPOSIT_MESSAGES.descriptionRequired],
    ['description', { description: 'x'.repeat(256) }, DEPOSIT_MESSAGES.descriptionMax],
    ['user_wallet_id', { user_wallet_id: undefined }, DEPOSIT_MESSAGES.walletRequired],
    ['user_wallet_id', { user_wallet_id: 'abc' }, DEPOSIT_MESSAGES.walletRequired],
  ])('should refuse an invalid %s (%j) with its message', async (field, override, message) => {
    const { user, walletId } = await userWithWallet(t.app);
    const payload = { amount: 25, description: 'Depósito', user_wallet_id: Number(walletId), ...override };
    const response = await createDeposit(user, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('should accept the edge amounts R$ 5,00 and R$ 100.000,00 and a 255-character description', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    for (const amount of [5, 100000]) {
      const response = await createDeposit(user, {
        amount,
        description: 'x'.repeat(255),
        user_wallet_id: Number(walletId),
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it('should refuse a wallet that is not active yet', async () => {
    const { user, walletId } = await userWithWallet(t.app, 'in_review');
    const response = await createDeposit(user, { amount: 25, description: 'x', user_wallet_id: Number(walletId) });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('A carteira ainda não está ativa.');
  });

  it("should answer 404 for another user's wallet", async () => {
    const other = await userWithWallet(t.app);
    const intruder = await registerUser(t.app);
    const response = await createDeposit(intruder, {
      amount: 25,
      description: 'x',
      user_wallet_id: Number(other.walletId),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(refusal('Carteira não encontrada.'));
  });

  it('should require a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/payments/deposits', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /payments/deposits/{id}', () => {
  it('should answer the deposit to its owner and 404 to anyone else', async () => {
    const { user, body } = await pendingDeposit();
    const own = await t.app.inject({
      method: 'GET',
      url: `/payments/deposits/${body.payment.id}`,
      headers: bearer(user.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      success: true,
      payment: body.payment,
      pix: { copy_paste_code: body.pix.copy_paste_code },
    });

    const intruder = await registerUser(t.app);
    for (const id of [String(body.payment.id), '987654321', 'abc']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/payments/deposits/${id}`,
        headers: bearer(intruder.token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal('Depósito não encontrado.'));
    }
  });
});

describe('POST /payments/sandbox/charges/{txid}/pay → POST /payments/webhook/pix', () => {
  it('should credit R$ 25,00 to "Disponível" and show the deposit in the history', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    const paid = await pay(body.payment.txid);
    expect(paid.statusCode).toBe(200);

    expect(await balance(user, walletId)).toBe(25);
    const deposit = (
      await t.app.inject({ method: 'GET', url: `/payments/deposits/${body.payment.id}`, headers: bearer(user.token) })
    ).json();
    expect(deposit.payment).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/user-wallets/${walletId}/transactions`,
        headers: bearer(user.token),
      })
    ).json();
    expect(history.data).toEqual([
      expect.objectContaining({
        type: 'in',
        kind: 'deposit',
        amount: 25,
        balance: 'available',
        status: 'completed',
        description: 'Depósito via Pix - Depósito de teste',
      }),
    ]);
  });

  it('should credit once when the same webhook arrives ten times', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    const charge = await t.app.services.pix.getCharge(body.payment.txid);
    expect(charge?.status).toBe('ATIVA');
    await pay(body.payment.txid);
    const paid = await t.app.services.pix.getCharge(body.payment.txid);
    const payment = paid!.payments[0]!;
    const notice = {
      pix: [
        {
          endToEndId: payment.endToEndId,
          txid: body.payment.txid,
          valor: '25.00',
          horario: payment.paidAt.toISOString(),
        },
      ],
    };
    for (let i = 0; i < 10; i++) expect((await webhook(notice)).statusCode).toBe(200);
    expect(await balance(user, walletId)).toBe(25);
    const received = await db()
      .selectFrom('pix_received_payments')
      .selectAll()
      .where('txid', '=', body.payment.txid)
      .execute();
    expect(received).toHaveLength(1);
    const audit = await auditLedger(db());
    expect(audit).toMatchObject({ mismatchedAccounts: [], unbalancedTransactions: [], total: 0 });
  });

  it('should credit nothing for a forged notice of an unknown txid', async () => {
    const { user, walletId } = await pendingDeposit(25);
    const forged = {
      pix: [
        {
          endToEndId: 'E12345678202611210000abcdefghijk',
          txid: 'a'.repeat(32),
          valor: '25.00',
          horario: new Date().toISOString(),
        },
      ],
    };
    expect((await webhook(forged)).statusCode).toBe(200);
    expect(await balance(user, walletId)).toBe(0);
  });

  it('should credit nothing for a notice of a charge the PSP says is unpaid', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    const forged = {
      pix: [
        {
          endToEndId: 'E12345678202611210000abcdefghijk',
          txid: body.payment.txid,
          valor: '25.00',
          horario: new Date().toISOString(),
        },
      ],
    };
    expect((await webhook(forged)).statusCode).toBe(200);
    expect(await balance(user, walletId)).toBe(0);
    const charge = await db()
      .selectFrom('pix_charges')
      .select('status')
      .where('txid', '=', body.payment.txid)
      .executeTakeFirstOrThrow();
    expect(charge.status).toBe('pending');
  });

  it('should refuse (401) a call without the provider’s credentials, and store nothing', async () => {
    const { user, walletId, body } = await pendingDeposit(25);
    const notice = {
      pix: [{ endToEndId: 'E1', txid: body.payment.txid, valor: '25.00', horario: new Date().toISOString() }],
    };
    const calls = () => countRows(db(), 'pix_webhook_calls');
    const before = await calls();
    const response = await webhook(notice, { [SANDBOX_WEBHOOK_SECRET_HEADER]: 'wrong' });
    expect(response.statusCode).toBe(401);
    expect(await balance(user, walletId)).toBe(0);
    // Anyone who knows the URL could otherwise fill the table (see test/routes/payments/webhook.test.ts).
    expect(await calls()).toBe(before);
  });

  it('should store an authenticated call without its secret header', async () => {
    const response = await webhook({ pix: [] });
    expect(response.statusCode).toBe(400);
    const stored = await lastWebhookCall();
    expect(stored).toMatchObject({ outcome: 'rejected', raw_body: '{"pix":[]}' });
    // The secret header itself is never stored.
    expect(stored.headers).not.toHaveProperty(SANDBOX_WEBHOOK_SECRET_HEADER);
  });

  it('should answer 400 to a body that is not JSON, and store it verbatim', async () => {
    const response = await webhook('{not json');
    expect(response.statusCode).toBe(400);
    const stored = await lastWebhookCall();
    expect(stored).toMatchObject({ outcome: 'rejected', raw_body: '{not json' });
  });
});

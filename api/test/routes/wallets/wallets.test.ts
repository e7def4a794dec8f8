import { formatBRL } from '@rifaria/shared/format';
import { PROFILE_MESSAGES, TRANSFER_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { API_MESSAGES } from '../../../src/lib/messages';
import { auditLedger, releasePosting, salePosting, type PostInput } from '../../../src/ledger';
import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { userWithWallet } from '../../support/organisers';
import { depositInto, insertWallet, postMovement } from '../../support/wallets';
import { refusal } from '@rifaria/shared/testing/fixtures';

const t = setupApp();
const db = () => t.database.db;

const credit = (input: PostInput) => postMovement(db(), input);
const deposit = (walletId: string, amountCents: number) => depositInto(db(), walletId, amountCents);

const get = (url: string, user: RegisteredUser) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
const transfer = (walletId: string, user: RegisteredUser, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user-wallets/${walletId}/transfers`,
    headers: bearer(user.token),
    payload,
  });

describe('GET /api/user-wallets', () => {
  it('should require a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user-wallets' });
    expect(response.statusCode).toBe(401);
  });

  it("should list only the user's wallets, newest first, in the contract's shape", async () => {
    const { user, walletId, accountNumber } = await userWithWallet(t.app, 'in_review');
    const second = await insertWallet(db(), { userId: user.id, status: 'active' });
    await insertWallet(db()); // someone else's
    const response = await get('/api/user-wallets', user);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.map((w: { id: number }) => w.id)).toEqual([Number(second.walletId), Number(walletId)]);
    expect(data[1]).toEqual({
      id: Number(walletId),
      is_active: false,
      status: 'in_review',
      status_label: 'Em análise',
      account_number: accountNumber,
      wallet_type: { id: 1, name: 'Conta Digital Rifaria' },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(data[0]).toMatchObject({ is_active: true, status: 'active', status_label: 'Ativa' });
  });
});

describe('GET /api/user-wallets/{id}/balance', () => {
  it('should answer the available, blocked and total balances from the ledger', async () => {
    const { user, walletId, accountNumber } = await userWithWallet(t.app);
    await deposit(walletId, 2500);
    await credit(salePosting({ purchaseId: `b${walletId}`, walletId, amountCents: 1050, description: 'Venda' }));
    await credit(releasePosting({ releaseId: `b${walletId}`, walletId, amountCents: 50, description: 'Sorteio' }));
    const response = await get(`/api/user-wallets/${walletId}/balance`, user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Saldo consultado com sucesso',
      data: {
        saldo_disponivel: 25.5,
        saldo_bloqueado: 10,
        saldo_total: 35.5,
        ultima_consulta: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        account_number: accountNumber,
      },
    });
  });

  it('should answer zero for a wallet without movements', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    const { data } = (await get(`/api/user-wallets/${walletId}/balance`, user)).json();
    expect(data).toMatchObject({ saldo_disponivel: 0, saldo_bloqueado: 0, saldo_total: 0 });
  });
});

describe('GET /api/user-wallets/{id}/transactions', () => {
  it('should list the ledger entries of the wallet, newest first, with type filters', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    await deposit(walletId, 2500);
    await deposit(walletId, 1000);
    const sent = await transfer(walletId, user, { amount: 5, pix_key: 'destino@example.com', description: 'Aluguel' });
    expect(sent.statusCode).toBe(201);

    const all = (await get(`/api/user-wallets/${walletId}/transactions`, user)).json();
    expect(all.data.map((r: { kind: string; type: string; amount: number }) => [r.kind, r.type, r.amount])).toEqual([
      ['transfer', 'out', 5],
      ['deposit', 'in', 10],
      ['deposit', 'in', 25],
    ]);
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      type: 'out',
      kind: 'transfer',
      description: 'Transferência Pix - Aluguel',
      amount: 5,
      balance: 'available',
      status: 'completed',
      transfer_id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(all.pagination).toEqual({
      current_page: 1,
      per_page: 20,
      total: 3,
      last_page: 1,
      has_more_pages: false,
      from: 1,
      to: 3,
    });

    const incoming = (await get(`/api/user-wallets/${walletId}/transactions?type=in`, user)).json();
    expect(incoming.data.map((r: { type: string }) => r.type)).toEqual(['in', 'in']);
    const outgoing = (await get(`/api/user-wallets/${walletId}/transactions?type=out`, user)).json();
    expect(outgoing.data.map((r: { kind: string }) => r.kind)).toEqual(['transfer']);
  });

  it('should paginate', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    for (let i = 1; i <= 5; i++) await deposit(walletId, i * 100);
    const page2 = (await get(`/api/user-wallets/${walletId}/transactions?page=2&per_page=2`, user)).json();
    expect(page2.data.map((r: { amount: number }) => r.amount)).toEqual([3, 2]);
    expect(page2.pagination).toEqual({
      current_page: 2,
      per_page: 2,
      total: 5,
      last_page: 3,
      has_more_pages: true,
      from: 3,
      to: 4,
    });
    const beyond = (await get(`/api/user-wallets/${walletId}/transactions?page=9&per_page=2`, user)).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ from: null, to: null, has_more_pages: false });
  });

  it('should leave out entries older than the period', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    await deposit(walletId, 100);
    await deposit(walletId, 200);
    // Backdating an entry needs the append-only trigger out of the way for this one statement.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only`.execute(trx);
        await sql`UPDATE ledger_entries e SET created_at = now() - interval '40 days'
          FROM ledger_accounts a WHERE a.id = e.account_id AND a.wallet_id = ${walletId} AND e.amount_cents = 100`.execute(
          trx,
        );
        await sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only`.execute(trx);
      });
    const week = (await get(`/api/user-wallets/${walletId}/transactions?period=7`, user)).json();
    expect(week.data.map((r: { amount: number }) => r.amount)).toEqual([2]);
    const twoMonths = (await get(`/api/user-wallets/${walletId}/transactions?period=60`, user)).json();
    expect(twoMonths.data.map((r: { amount: number }) => r.amount)).toEqual([2, 1]);
  });

  it.each([
    ['period', 'period=15', 'Período inválido. Use 7, 30 ou 60 dias.'],
    ['type', 'type=sideways', 'Tipo inválido. Use all, in ou out.'],
    ['page', 'page=0', 'Página inválida.'],
    ['per_page', 'per_page=101', 'Itens por página devem estar entre 1 e 100.'],
  ])('should refuse an invalid %s with 422', async (field, query, message) => {
    const { user, walletId } = await userWithWallet(t.app);
    const response = await get(`/api/user-wallets/${walletId}/transactions?${query}`, user);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });
});

describe('POST /api/user-wallets/{id}/transfers', () => {
  it('should debit the available balance at once and complete through the PSP', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    await deposit(walletId, 2500);
    const response = await transfer(walletId, user, {
      amount: 10.5,
      pix_key: '529.982.247-25',
      description: 'Pagamento',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: TRANSFER_MESSAGES.success,
      data: {
        id: expect.any(Number),
        amount: 10.5,
        formatted_amount: formatBRL(1050),
        // Issue 30, item 11: shown back masked as the banks do, with the recipient the PSP's directory named.
        pix_key: '***.982.247-**',
        pix_key_type: 'cpf',
        pix_key_type_label: 'CPF',
        description: 'Pagamento',
        recipient: {
          name: expect.any(String),
          document: '***.982.247-**',
          bank: expect.any(String),
          ispb: expect.stringMatching(/^\d{8}$/),
        },
        status: 'completed',
        end_to_end_id: expect.stringMatching(/^E\d{20}[A-Za-z0-9]{11}$/),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        completed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
    const { data } = (await get(`/api/user-wallets/${walletId}/balance`, user)).json();
    expect(data.saldo_disponivel).toBe(14.5);
  });

  it('should restore the balance exactly once when the PSP refuses the transfer', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    await deposit(walletId, 2000);
    const response = await transfer(walletId, user, { amount: 12, pix_key: t.config.pix.sandbox.failingKey });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.status).toBe('failed');
    const transferId = String(response.json().data.id);

    // The PSP (or the worker) reporting the failure again must not give the money back twice.
    const refused = {
      idempotencyKey: 'x',
      status: 'NAO_REALIZADO' as const,
      endToEndId: null,
      failureReason: 'de novo',
    };
    await t.app.services.transfers.applyOutcome(transferId, refused);
    await t.app.services.transfers.applyOutcome(transferId, refused);

    const { data } = (await get(`/api/user-wallets/${walletId}/balance`, user)).json();
    expect(data.saldo_disponivel).toBe(20);
    const history = (await get(`/api/user-wallets/${walletId}/transactions`, user)).json();
    expect(history.data.map((r: { kind: string; type: string; status: string }) => [r.kind, r.type, r.status])).toEqual(
      [
        ['transfer_reversal', 'in', 'completed'],
        ['transfer', 'out', 'failed'],
        ['deposit', 'in', 'completed'],
      ],
    );
    const reversals = await db()
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', `transfer_reversal:${transferId}`)
      .execute();
    expect(reversals).toHaveLength(1);
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });

  it('should refuse a transfer larger than the available balance with 422', async () => {
    const { user, walletId } = await userWithWallet(t.app);
    await deposit(walletId, 1000);
    await credit(salePosting({ purchaseId: `t${walletId}`, walletId, amountCents: 5000, description: 'Venda' }));
    // "Futuro" money cannot be transferred: only the available balance counts.
    const response = await transfer(walletId, user, { amount: 10.01, pix_key: 'destino@example.com' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ amount: [TRANSFER_MESSAGES.insufficientFunds] });
    const { data } = (await get(`/api/user-wallets/${walletId}/balance`, user)).json();
    expect(data.saldo_disponivel).toBe(10);
    const rows = await db().selectFrom('wallet_transfers').select('id').where('wallet_id', '=', walletId).execute();
    expect(rows).toEqual([]);
  });

  it.each([
    ['amount', { amount: 0, pix_key: 'a@b.com' }, TRANSFER_MESSAGES.amountPositive],
    ['amount', { amount: 'abc', pix_key: 'a@b.com' }, TRANSFER_MESSAGES.amountInvalid],
    ['pix_key', { amount: 1 }, TRANSFER_MESSAGES.pixKeyRequired],
    ['pix_key', { amount: 1, pix_key: 'not a key' }, TRANSFER_MESSAGES.pixKeyInvalid],
    ['description', { amount: 1, pix_key: 'a@b.com', description: 'x'.repeat(141) }, TRANSFER_MESSAGES.descriptionMax],
  ])('should validate %s (%j)', async (field, payload, message) => {
    const { user, walletId } = await userWithWallet(t.app);
    const response = await transfer(walletId, user, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('should refuse a wallet that is not active yet', async () => {
    const { user, walletId } = await userWithWallet(t.app, 'in_review');
    const response = await transfer(walletId, user, { amount: 1, pix_key: 'a@b.com' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(API_MESSAGES.walletNotActive);
  });
});

describe('owner scoping', () => {
  it.each([
    ['GET', 'balance'],
    ['GET', 'transactions'],
    ['POST', 'transfers'],
  ])("should answer 404 on %s /api/user-wallets/{id}/%s for another user's wallet", async (method, path) => {
    const owner = await userWithWallet(t.app);
    await deposit(owner.walletId, 1000);
    const intruder = await registerUser(t.app);
    for (const id of [owner.walletId, '999999999', 'abc']) {
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: `/api/user-wallets/${id}/${path}`,
        headers: bearer(intruder.token),
        ...(method === 'POST' ? { payload: { amount: 1, pix_key: 'a@b.com' } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal('Carteira não encontrada.'));
    }
    const { data } = (await get(`/api/user-wallets/${owner.walletId}/balance`, owner.user)).json();
    expect(data.saldo_disponivel).toBe(10);
  });
});

describe('PUT /api/auth/profile (CPF lock)', () => {
  const profile = (email: string, cpf: string) => ({ name: 'João Pereira', email, cpf, phone: '(11) 98765-4321' });

  it('should refuse a CPF change while the user has an active wallet, and allow it otherwise', async () => {
    const user = await registerUser(t.app);
    const put = (cpf: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(user.token),
        payload: profile(user.email, cpf),
      });
    expect((await put('529.982.247-25')).statusCode).toBe(200);
    const { walletId } = await insertWallet(db(), { userId: user.id, status: 'in_review' });
    // A wallet still in review does not lock it.
    expect((await put('111.444.777-35')).statusCode).toBe(200);
    await db().updateTable('user_wallets').set({ status: 'active' }).where('id', '=', walletId).execute();
    const locked = await put('529.982.247-25');
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors).toEqual({ cpf: [PROFILE_MESSAGES.cpfLocked] });
  });
});

import { TRANSFER_MESSAGES } from '@rifaria/shared/schemas';
import { sql } from 'kysely';
import { auditLedger } from '../../../src/ledger';
import { TRANSFER_REPLY_MESSAGES } from '../../../src/wallets/messages';
import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { FakePixProvider } from '../../support/fake-pix';
import { depositInto, insertWallet } from '../../support/wallets';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * POST /api/user-wallets/{id}/transfers with an Idempotency-Key: one key, one transfer, one debit, one Pix,
 * however many times (and however concurrently) the request arrives.
 */

const pix = new FakePixProvider();
const t = setupApp({ pix });
const db = () => t.database.db;

async function userWithWallet(balanceCents = 5000) {
  const user = await registerUser(t.app);
  const { walletId } = await insertWallet(db(), { userId: user.id });
  await depositInto(db(), walletId, balanceCents);
  return { user, walletId };
}

const transfer = (walletId: string, user: RegisteredUser, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user-wallets/${walletId}/transfers`,
    headers: { ...bearer(user.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

const available = async (user: RegisteredUser, walletId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/user-wallets/${walletId}/balance`, headers: bearer(user.token) })
  ).json().data.saldo_disponivel as number;

/** Transfer rows of the wallet, and the ledger debits ('transfer' transactions) touching its accounts. */
async function recorded(walletId: string) {
  const transfers = await db().selectFrom('wallet_transfers').selectAll().where('wallet_id', '=', walletId).execute();
  const { rows } = await sql<{ debits: string }>`
    SELECT count(DISTINCT t.id)::text AS debits
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.wallet_id = ${walletId} AND t.kind = 'transfer'`.execute(db());
  return { transfers, debits: Number(rows[0]!.debits) };
}

const sentFor = (providerKey: string) => pix.sent.filter((input) => input.idempotencyKey === providerKey).length;

let keyCounter = 0;
const newKey = () => `0f6c1d2e-7a1b-4c3d-9e8f-${String(++keyCounter).padStart(12, '0')}`;

describe('Idempotency-Key on POST /api/user-wallets/{id}/transfers', () => {
  it('should make one transfer, one debit and one Pix for a key sent three times in a row', async () => {
    const { user, walletId } = await userWithWallet(5000);
    const key = newKey();
    const payload = { amount: 12.5, pix_key: 'destino@example.com', description: 'Prêmio' };

    const first = await transfer(walletId, user, payload, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      message: TRANSFER_MESSAGES.success,
      data: { amount: 12.5, pix_key: 'destino@example.com', status: 'completed' },
    });
    const second = await transfer(walletId, user, payload, key);
    const third = await transfer(walletId, user, payload, key);
    // A repeat answers 200 (as POST /public/purchases does) with the very same transfer.
    expect([second.statusCode, third.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());

    const { transfers, debits } = await recorded(walletId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.idempotency_key).toBe(key);
    expect(debits).toBe(1);
    expect(sentFor(transfers[0]!.provider_key)).toBe(1);
    expect(await available(user, walletId)).toBe(37.5);
  });

  it('should make one transfer, one debit and one Pix when the three requests race', async () => {
    const { user, walletId } = await userWithWallet(5000);
    const key = newKey();
    const payload = { amount: 20, pix_key: '+55 (11) 98765-4321' };

    const replies = await Promise.all([1, 2, 3].map(() => transfer(walletId, user, payload, key)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(replies.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);

    const { transfers, debits } = await recorded(walletId);
    expect(transfers).toHaveLength(1);
    expect(String([...ids][0])).toBe(transfers[0]!.id);
    expect(debits).toBe(1);
    expect(sentFor(transfers[0]!.provider_key)).toBe(1);
    expect(await available(user, walletId)).toBe(30);
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);
  });

  it('should give the transfer back even when it emptied the balance', async () => {
    const { user, walletId } = await userWithWallet(1000);
    const key = newKey();
    const payload = { amount: 10, pix_key: 'destino@example.com' };
    expect((await transfer(walletId, user, payload, key)).statusCode).toBe(201);
    const again = await transfer(walletId, user, payload, key);
    // Not "insufficient funds": the repeat is answered before any balance check.
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('completed');
    expect(await available(user, walletId)).toBe(0);
  });

  it('should refuse the same key with another body, debiting nothing more', async () => {
    const { user, walletId } = await userWithWallet(5000);
    const key = newKey();
    expect((await transfer(walletId, user, { amount: 5, pix_key: 'destino@example.com' }, key)).statusCode).toBe(201);
    for (const other of [
      { amount: 6, pix_key: 'destino@example.com' },
      { amount: 5, pix_key: 'outro@example.com' },
      { amount: 5, pix_key: 'destino@example.com', description: 'Outra' },
    ]) {
      const response = await transfer(walletId, user, other, key);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(refusal(TRANSFER_REPLY_MESSAGES.idempotencyKeyReused));
    }
    // The same key on another wallet of the same organiser is another request too.
    const { walletId: otherWallet } = await insertWallet(db(), { userId: user.id });
    const elsewhere = await transfer(otherWallet, user, { amount: 5, pix_key: 'destino@example.com' }, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toBe(TRANSFER_REPLY_MESSAGES.idempotencyKeyReused);

    const { transfers, debits } = await recorded(walletId);
    expect(transfers).toHaveLength(1);
    expect(debits).toBe(1);
    expect(await available(user, walletId)).toBe(45);
  });

  it('should answer one transfer and one refusal when one key races on two wallets of the organiser', async () => {
    const { user, walletId } = await userWithWallet(5000);
    const { walletId: otherWallet } = await insertWallet(db(), { userId: user.id });
    await depositInto(db(), otherWallet, 5000, 'Depósito');
    const key = newKey();
    const payload = { amount: 5, pix_key: 'destino@example.com' };
    const replies = await Promise.all([
      transfer(walletId, user, payload, key),
      transfer(otherWallet, user, payload, key),
    ]);
    // Whichever wins, the unique index (user, key) leaves one transfer; the other wallet's request is refused.
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(replies.find((r) => r.statusCode === 422)!.json().message).toBe(
      TRANSFER_REPLY_MESSAGES.idempotencyKeyReused,
    );
    const rows = await db().selectFrom('wallet_transfers').select('id').where('idempotency_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(await available(user, walletId)).toBe((await available(user, otherWallet)) === 45 ? 50 : 45);
  });

  it('should accept the same equivalent request: a Pix key typed differently is the same key', async () => {
    const { user, walletId } = await userWithWallet(5000);
    const key = newKey();
    const first = await transfer(walletId, user, { amount: 5, pix_key: '529.982.247-25' }, key);
    const again = await transfer(walletId, user, { amount: 5, pix_key: '52998224725' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
  });

  it("should keep one organiser's keys apart from another's", async () => {
    const a = await userWithWallet(5000);
    const b = await userWithWallet(5000);
    const key = newKey();
    const payload = { amount: 5, pix_key: 'destino@example.com' };
    const first = await transfer(a.walletId, a.user, payload, key);
    const second = await transfer(b.walletId, b.user, payload, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.id).not.toBe(first.json().data.id);
  });

  it('should make a new transfer for each request without a key, as before', async () => {
    const { user, walletId } = await userWithWallet(5000);
    const payload = { amount: 5, pix_key: 'destino@example.com' };
    expect((await transfer(walletId, user, payload)).statusCode).toBe(201);
    expect((await transfer(walletId, user, payload)).statusCode).toBe(201);
    expect((await recorded(walletId)).debits).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['longer than 200 characters', 'k'.repeat(201)],
    ['with a space', 'chave com espaço'],
    ['with a non-ASCII character', 'chave-ção'],
  ])('should refuse a key %s with 422 and no transfer', async (_label, key) => {
    const { user, walletId } = await userWithWallet(5000);
    const response = await transfer(walletId, user, { amount: 5, pix_key: 'destino@example.com' }, key);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal(TRANSFER_REPLY_MESSAGES.idempotencyKeyInvalid));
    expect((await recorded(walletId)).transfers).toEqual([]);
  });

  it('should let a dev-server origin send the header (CORS preflight)', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user-wallets/1/transfers',
      headers: {
        origin: 'http://localhost:3003',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
  });

  it('should accept a key of exactly 200 visible characters', async () => {
    const { user, walletId } = await userWithWallet(5000);
    const response = await transfer(walletId, user, { amount: 5, pix_key: 'destino@example.com' }, '~'.repeat(200));
    expect(response.statusCode).toBe(201);
  });
});

import { loadConfig } from '../../../src/config';
import { auditLedger } from '../../../src/ledger';
import { BacenPixProvider } from '../../../src/payments/bacen';
import { TRANSFER_NOT_SENT_REASON, TRANSFER_REPLY_MESSAGES } from '../../../src/wallets/messages';
import { api, bearer, buildApp, registerUser, type TestApp } from '../../helper';
import { FakePsp } from '../../payments/fake-psp';
import { depositInto, insertWallet } from '../../support/wallets';

/**
 * 'Transferir' on a BACEN API Pix PSP without Efí's send extension (PIX_BACEN_EFI_PIX_SEND=false), against the
 * fake PSP over mutual TLS: the Pix cannot be sent, so the debit is reversed in the same request and the organiser
 * is told so, instead of the money staying debited forever.
 */

const psp = new FakePsp();
const silentLog = { warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() } as never;
let provider: BacenPixProvider | undefined;
let t: TestApp | undefined;

// The fake PSP's port is known once it listens, so the provider and the app are built after it starts.
beforeAll(async () => {
  await psp.start();
  const config = loadConfig(psp.env({ PIX_BACEN_EFI_PIX_SEND: 'false' }));
  provider = new BacenPixProvider({ config: config.pix, log: silentLog });
  t = await buildApp({ pix: provider });
});
afterAll(async () => {
  await t?.close();
  provider?.close();
  await psp.stop();
});

const app = () => t!.app;
const db = () => t!.database.db;

describe('POST /api/user-wallets/{id}/transfers on a BACEN PSP that cannot send Pix', () => {
  it('should fail the transfer, reverse its debit at once and say so in pt-BR', async () => {
    const user = await registerUser(app());
    const { walletId } = await insertWallet(db(), { userId: user.id });
    await depositInto(db(), walletId, 3000, 'Depósito');
    psp.requests.length = 0;
    const sendPrize = () =>
      app().inject({
        method: 'POST',
        url: `/api/user-wallets/${walletId}/transfers`,
        headers: { ...bearer(user.token), 'idempotency-key': 'b7d5d7a0-3c1f-4a57-9d1e-2f4b8c6a1e00' },
        payload: { amount: 12, pix_key: 'destino@example.com', description: 'Prêmio' },
      });

    const response = await sendPrize();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: false,
      message: TRANSFER_REPLY_MESSAGES.notSent,
      data: expect.objectContaining({ amount: 12, status: 'failed' }),
    });
    // Nothing reached the PSP: no Pix can ever be paid for this transfer.
    expect(psp.requests).toEqual([]);

    const row = await db()
      .selectFrom('wallet_transfers')
      .selectAll()
      .where('wallet_id', '=', walletId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', failure_reason: TRANSFER_NOT_SENT_REASON });
    expect(row.debit_transaction_id).not.toBeNull();
    expect(row.reversal_transaction_id).not.toBeNull();

    const balance = await api(app()).get(`/api/user-wallets/${walletId}/balance`, user);
    expect(balance.json().data.saldo_disponivel).toBe(30);
    const history = await api(app()).get(`/api/user-wallets/${walletId}/transactions`, user);
    expect(
      history.json().data.map((r: { kind: string; type: string; amount: number }) => [r.kind, r.type, r.amount]),
    ).toEqual([
      ['transfer_reversal', 'in', 12],
      ['transfer', 'out', 12],
      ['deposit', 'in', 30],
    ]);
    expect((await auditLedger(db())).mismatchedAccounts).toEqual([]);

    // Nothing is left for the worker: the transfer is settled, not 'processing'.
    expect(await app().services.transfers.recheckProcessing({ olderThanSeconds: 0 })).toBe(0);

    // The same Idempotency-Key again gets the same failed transfer, with no second debit or reversal.
    const again = await sendPrize();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(response.json());
    const reversals = await db()
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', `transfer_reversal:${row.id}`)
      .execute();
    expect(reversals).toHaveLength(1);
  });
});

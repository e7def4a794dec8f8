import { sql } from 'kysely';
import { loadConfig } from '../../src/config';
import { buildApp, setupApp, type TestApp } from '../helper';
import { fixture } from './fake-psp';
import { refusal } from '@rifaria/shared/testing/fixtures';
import { sandboxChargeOf } from '../support/pix';

const ctx = setupApp();

let counter = 0;
const newTxid = () => `route${Date.now().toString(36)}${(counter += 1).toString().padStart(4, '0')}`.padEnd(32, 'r');
const payUrl = (txid: string) => `/payments/sandbox/charges/${txid}/pay`;

async function charge(amountCents = 2500, expiresInSeconds = 3600): Promise<string> {
  const txid = newTxid();
  await ctx.app.services.pix.createCharge({ txid, amountCents, expiresInSeconds });
  return txid;
}

describe('POST /payments/sandbox/charges/{txid}/pay', () => {
  it('should simulate the payment and deliver the webhook through the platform route', async () => {
    const txid = await charge();
    const response = await ctx.app.inject({ method: 'POST', url: payUrl(txid) });
    expect(response.statusCode).toBe(200);
    const paid = (await ctx.app.services.pix.getCharge(txid))!;
    expect(paid.status).toBe('CONCLUIDA');
    const endToEndId = paid.payments[0]!.endToEndId;
    expect(endToEndId).toMatch(/^E[0-9A-Za-z]{31}$/);
    // The reply shows what the simulated PSP sent (never the secret header).
    expect(response.json()).toEqual({
      success: true,
      message: 'Pagamento simulado com sucesso.',
      data: {
        end_to_end_id: endToEndId,
        webhook_delivered: true,
        webhook: { pix: [{ endToEndId, txid, valor: '25.00', horario: expect.any(String) }] },
      },
    });
    // Delivered = POST /payments/webhook/pix answered 2xx to the sandbox's call (secret header passed through).
    const row = await sandboxChargeOf(ctx.database.db, txid);
    expect(row.webhook_attempts).toBe(1);
    expect(row.webhook_delivered_at).toBeInstanceOf(Date);
  });

  it('should accept the call with an empty JSON body, as a browser fetch may send it', async () => {
    const txid = await charge();
    const response = await ctx.app.inject({
      method: 'POST',
      url: payUrl(txid),
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
  });

  it('should answer 409 when the charge was already paid', async () => {
    const txid = await charge();
    await ctx.app.inject({ method: 'POST', url: payUrl(txid) });
    const response = await ctx.app.inject({ method: 'POST', url: payUrl(txid) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refusal('Esta cobrança já foi paga.'));
  });

  it('should answer 404 in pt-BR for an unknown or malformed txid', async () => {
    for (const txid of [newTxid(), 'nope', 'a'.repeat(36)]) {
      const response = await ctx.app.inject({ method: 'POST', url: payUrl(txid) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal('Cobrança não encontrada.'));
    }
  });

  it('should answer 422 when the charge expired', async () => {
    const txid = await charge(2500, 60);
    await sql`UPDATE sandbox_pix_charges SET created_at = now() - interval '61 seconds' WHERE txid = ${txid}`.execute(
      ctx.database.db,
    );
    const response = await ctx.app.inject({ method: 'POST', url: payUrl(txid) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal('Esta cobrança expirou.'));
    expect((await ctx.app.services.pix.getCharge(txid))!.status).toBe('REMOVIDA_PELO_PSP');
  });

  it('should answer 422 when the charge was cancelled', async () => {
    const txid = await charge();
    await ctx.app.services.pix.cancelCharge(txid);
    const response = await ctx.app.inject({ method: 'POST', url: payUrl(txid) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusal('Esta cobrança foi cancelada.'));
  });

  it('should not exist (404) when the active provider is a real PSP', async () => {
    const pix = loadConfig({
      PIX_PROVIDER: 'bacen',
      PIX_KEY: 'pix@rifaria.com.br',
      PIX_BACEN_BASE_URL: 'https://psp.invalid',
      PIX_BACEN_CLIENT_ID: 'id',
      PIX_BACEN_CLIENT_SECRET: 'secret',
      PIX_BACEN_CERT_P12: fixture('client.p12'),
      PIX_BACEN_CERT_PASSPHRASE: 'test-only',
    }).pix;
    let bacen: TestApp | null = null;
    try {
      bacen = await buildApp({ config: { pix }, database: ctx.database });
      expect(bacen.app.services.pix.name).toBe('bacen');
      const response = await bacen.app.inject({ method: 'POST', url: payUrl(await charge()) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal('Rota não encontrada.'));
    } finally {
      await bacen?.close();
    }
  });
});

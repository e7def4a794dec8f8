import { hasError, parsePix } from 'pix-utils';
import { loadConfig, type PixConfig } from '../../src/config';
import { parseBrCode } from '../../src/payments/br-code';
import { PixProviderError, PixWebhookRejected } from '../../src/payments/pix-provider';
import {
  SANDBOX_WEBHOOK_SECRET_HEADER,
  SandboxPayError,
  SandboxPixProvider,
  type DeliverPixWebhook,
} from '../../src/payments/sandbox';
import { setupDatabase } from '../helper';
import { PIX_WEBHOOK_PAYMENT } from '../support/payloads';

const silentLog = { warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() } as never;

const database = setupDatabase();

let counter = 0;
/** A fresh valid cob txid per test (32 alphanumerics). */
const newTxid = () => `sbx${Date.now().toString(36)}${(counter += 1).toString().padStart(4, '0')}`.padEnd(32, 'x');

interface Harness {
  provider: SandboxPixProvider;
  deliveries: Array<{ body: unknown; headers: Record<string, string> }>;
  clock: { now: Date };
}

function harness(options: { deliver?: DeliverPixWebhook; pix?: Partial<PixConfig> } = {}): Harness {
  const deliveries: Harness['deliveries'] = [];
  const clock = { now: new Date('2026-03-10T15:04:05.000Z') };
  const config = { ...loadConfig({}).pix, ...options.pix };
  const provider = new SandboxPixProvider({
    db: database.handle.db,
    config,
    log: silentLog,
    now: () => clock.now,
    deliverWebhook:
      options.deliver ??
      (async (body, headers) => {
        deliveries.push({ body, headers });
      }),
  });
  return { provider, deliveries, clock };
}

describe('SandboxPixProvider.createCharge', () => {
  it('should return an ATIVA charge whose BR Code pix-utils parses with the amount and the configured merchant', async () => {
    const { provider } = harness();
    const txid = newTxid();
    const charge = await provider.createCharge({ txid, amountCents: 2500, expiresInSeconds: 172_800 });
    expect(charge).toMatchObject({ txid, status: 'ATIVA', amountCents: 2500, expiresInSeconds: 172_800, payments: [] });
    const parsed = parsePix(charge.copyPasteCode);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      type: 'STATIC',
      pixKey: 'pix@sandbox.rifaria',
      merchantName: 'RIFARIA',
      merchantCity: 'SAO PAULO',
      transactionAmount: 25,
    });
    expect(parseBrCode(charge.copyPasteCode).amountCents).toBe(2500);
  });

  it('should use the Pix key and merchant from config', async () => {
    const { provider } = harness({
      pix: { pixKey: 'financeiro@rifaria.com.br', merchantName: 'Rifária Ltda', merchantCity: 'Curitiba' },
    });
    const charge = await provider.createCharge({ txid: newTxid(), amountCents: 500, expiresInSeconds: 60 });
    expect(parseBrCode(charge.copyPasteCode)).toMatchObject({
      pixKey: 'financeiro@rifaria.com.br',
      merchantName: 'RIFARIA LTDA',
      merchantCity: 'CURITIBA',
    });
  });

  it('should be idempotent by txid and refuse the same txid with another amount', async () => {
    const { provider } = harness();
    const txid = newTxid();
    const first = await provider.createCharge({ txid, amountCents: 1000, expiresInSeconds: 60 });
    const again = await provider.createCharge({ txid, amountCents: 1000, expiresInSeconds: 60 });
    expect(again).toEqual(first);
    await expect(provider.createCharge({ txid, amountCents: 1001, expiresInSeconds: 60 })).rejects.toMatchObject({
      name: 'PixProviderError',
      status: 409,
    });
  });

  it('should refuse a txid outside [a-zA-Z0-9]{26,35} and a non-positive amount', async () => {
    const { provider } = harness();
    await expect(
      provider.createCharge({ txid: 'short', amountCents: 100, expiresInSeconds: 60 }),
    ).rejects.toBeInstanceOf(PixProviderError);
    await expect(
      provider.createCharge({ txid: newTxid(), amountCents: 0, expiresInSeconds: 60 }),
    ).rejects.toBeInstanceOf(PixProviderError);
  });

  it('should create charges asked for at the same time together, each one once, with its own amount', async () => {
    const { provider } = harness();
    const txids = Array.from({ length: 30 }, () => newTxid());
    const charges = await Promise.all(
      txids.map((txid, i) => provider.createCharge({ txid, amountCents: 100 + i, expiresInSeconds: 600 })),
    );
    expect(charges.map((c) => [c.txid, c.amountCents, c.status])).toEqual(
      txids.map((txid, i) => [txid, 100 + i, 'ATIVA']),
    );
    for (const charge of charges) expect(hasError(parsePix(charge.copyPasteCode))).toBe(false);
    const rows = await database.handle.db
      .selectFrom('sandbox_pix_charges')
      .select(['txid', 'amount_cents'])
      .where('txid', 'in', txids)
      .execute();
    expect(rows).toHaveLength(30);
  });

  it('should treat the same txid twice at the same time as one charge, and refuse it with another amount', async () => {
    const { provider } = harness();
    const txid = newTxid();
    const same = await Promise.all([
      provider.createCharge({ txid, amountCents: 700, expiresInSeconds: 600 }),
      provider.createCharge({ txid, amountCents: 700, expiresInSeconds: 600 }),
    ]);
    expect(same[0]).toEqual(same[1]);
    const other = newTxid();
    const outcomes = await Promise.allSettled([
      provider.createCharge({ txid: other, amountCents: 700, expiresInSeconds: 600 }),
      provider.createCharge({ txid: other, amountCents: 900, expiresInSeconds: 600 }),
    ]);
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { amountCents: 700 } });
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { status: 409 } });
  });

  it('should keep charges in the database (a second provider instance sees them)', async () => {
    const txid = newTxid();
    await harness().provider.createCharge({ txid, amountCents: 700, expiresInSeconds: 60 });
    expect(await harness().provider.getCharge(txid)).toMatchObject({ txid, amountCents: 700, status: 'ATIVA' });
  });
});

describe('SandboxPixProvider.pay', () => {
  it('should mark the charge CONCLUIDA with a 32-character end-to-end id and deliver the webhook', async () => {
    const { provider, deliveries, clock } = harness();
    const txid = newTxid();
    await provider.createCharge({ txid, amountCents: 2500, expiresInSeconds: 3600 });
    const { charge, webhookDelivered } = await provider.pay(txid);
    expect(webhookDelivered).toBe(true);
    expect(charge.status).toBe('CONCLUIDA');
    const [payment] = charge.payments;
    expect(payment!.endToEndId).toMatch(/^E\d{8}202603101504[a-zA-Z0-9]{11}$/);
    expect(payment!.endToEndId).toHaveLength(32);
    expect(payment).toMatchObject({ amountCents: 2500, paidAt: clock.now });
    expect(await provider.getCharge(txid)).toEqual(charge);

    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.body).toEqual({
      pix: [{ endToEndId: payment!.endToEndId, txid, valor: '25.00', horario: '2026-03-10T15:04:05.000Z' }],
    });
    // What the platform's webhook route will do with it: the sandbox accepts its own call.
    expect(provider.parseWebhook({ ...deliveries[0]!, clientCertificateVerified: false })).toEqual([
      { endToEndId: payment!.endToEndId, txid, amountCents: 2500, paidAt: clock.now },
    ]);
  });

  it('should refuse to pay twice, an unknown txid, an expired or a cancelled charge', async () => {
    const { provider, clock } = harness();
    const paid = newTxid();
    await provider.createCharge({ txid: paid, amountCents: 100, expiresInSeconds: 60 });
    await provider.pay(paid);
    await expect(provider.pay(paid)).rejects.toEqual(new SandboxPayError('already_paid'));
    await expect(provider.pay(newTxid())).rejects.toMatchObject({ reason: 'not_found' });

    const cancelled = newTxid();
    await provider.createCharge({ txid: cancelled, amountCents: 100, expiresInSeconds: 60 });
    await provider.cancelCharge(cancelled);
    await expect(provider.pay(cancelled)).rejects.toMatchObject({ reason: 'cancelled' });
    expect((await provider.getCharge(cancelled))!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');

    const expiring = newTxid();
    await provider.createCharge({ txid: expiring, amountCents: 100, expiresInSeconds: 60 });
    clock.now = new Date(clock.now.getTime() + 60_000);
    await expect(provider.pay(expiring)).rejects.toMatchObject({ reason: 'expired' });
    expect((await provider.getCharge(expiring))!.status).toBe('REMOVIDA_PELO_PSP');
  });

  it('should let only one of two concurrent payments succeed', async () => {
    const { provider, deliveries } = harness();
    const txid = newTxid();
    await provider.createCharge({ txid, amountCents: 100, expiresInSeconds: 60 });
    const results = await Promise.allSettled([provider.pay(txid), harness().provider.pay(txid)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(deliveries.length).toBeLessThanOrEqual(1);
  });

  it('should keep the payment when the webhook delivery fails (as a PSP would) and report it', async () => {
    const { provider } = harness({
      deliver: async () => {
        throw new Error('webhook answered 500');
      },
    });
    const txid = newTxid();
    await provider.createCharge({ txid, amountCents: 100, expiresInSeconds: 60 });
    const result = await provider.pay(txid);
    expect(result.webhookDelivered).toBe(false);
    expect((await provider.getCharge(txid))!.status).toBe('CONCLUIDA');
    const row = await database.handle.db
      .selectFrom('sandbox_pix_charges')
      .select(['webhook_attempts', 'webhook_delivered_at'])
      .where('txid', '=', txid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ webhook_attempts: 1, webhook_delivered_at: null });
  });
});

describe('SandboxPixProvider.cancelCharge', () => {
  it('should refuse to cancel a paid charge and an unknown txid', async () => {
    const { provider } = harness();
    const txid = newTxid();
    await provider.createCharge({ txid, amountCents: 100, expiresInSeconds: 60 });
    await provider.pay(txid);
    await expect(provider.cancelCharge(txid)).rejects.toMatchObject({ status: 400 });
    await expect(provider.cancelCharge(newTxid())).rejects.toMatchObject({ status: 404 });
  });
});

describe('SandboxPixProvider.parseWebhook', () => {
  const body = { pix: [PIX_WEBHOOK_PAYMENT] };

  it('should reject a call without the secret header or with a wrong one', () => {
    const { provider } = harness();
    expect(() => provider.parseWebhook({ headers: {}, body, clientCertificateVerified: true })).toThrow(
      PixWebhookRejected,
    );
    expect(() =>
      provider.parseWebhook({
        headers: { [SANDBOX_WEBHOOK_SECRET_HEADER]: 'guess' },
        body,
        clientCertificateVerified: true,
      }),
    ).toThrow(PixWebhookRejected);
  });

  it('should not accept the secret of another sandbox instance (random per process)', async () => {
    const first = harness();
    const txid = newTxid();
    await first.provider.createCharge({ txid, amountCents: 100, expiresInSeconds: 60 });
    await first.provider.pay(txid);
    const { headers } = first.deliveries[0]!;
    expect(() => harness().provider.parseWebhook({ headers, body, clientCertificateVerified: false })).toThrow(
      PixWebhookRejected,
    );
  });

  it('should accept a configured secret and reject a malformed body even with it', () => {
    const { provider } = harness({ pix: { sandbox: { failingKey: 'x', webhookSecret: 's3cr3t' } } });
    const headers = { [SANDBOX_WEBHOOK_SECRET_HEADER]: 's3cr3t' };
    expect(provider.parseWebhook({ headers, body, clientCertificateVerified: false })).toHaveLength(1);
    expect(() =>
      provider.parseWebhook({
        headers,
        body: { pix: [{ ...body.pix[0], valor: 110 }] },
        clientCertificateVerified: false,
      }),
    ).toThrow(PixWebhookRejected);
  });
});

describe('SandboxPixProvider.sendPix', () => {
  it('should complete a transfer (REALIZADO) idempotently', async () => {
    const { provider } = harness();
    const input = { idempotencyKey: `tr${newTxid().slice(0, 20)}`, amountCents: 1500, pixKey: 'maria@example.com' };
    const transfer = await provider.sendPix(input);
    expect(transfer).toMatchObject({ idempotencyKey: input.idempotencyKey, status: 'REALIZADO', failureReason: null });
    expect(transfer.endToEndId).toMatch(/^E\d{20}[a-zA-Z0-9]{11}$/);
    expect(await provider.sendPix({ ...input, pixKey: 'falha@sandbox.rifaria' })).toEqual(transfer);
    expect(await provider.getTransfer(input.idempotencyKey)).toEqual(transfer);
    expect(await provider.getTransfer('unknown1')).toBeNull();
  });

  it('should fail (NAO_REALIZADO, pt-BR reason) for the configured failing key', async () => {
    const { provider } = harness();
    const transfer = await provider.sendPix({
      idempotencyKey: `f${Date.now()}`,
      amountCents: 100,
      pixKey: 'Falha@Sandbox.Rifaria',
    });
    expect(transfer).toMatchObject({ status: 'NAO_REALIZADO', endToEndId: null });
    expect(transfer.failureReason).toMatch(/Chave Pix não encontrada/);
  });

  it('should refuse an idempotency key a real PSP would refuse (idEnvio: 1-35 alphanumerics)', async () => {
    const { provider } = harness();
    await expect(
      provider.sendPix({ idempotencyKey: 'has-dash', amountCents: 100, pixKey: 'a@b.co' }),
    ).rejects.toBeInstanceOf(PixProviderError);
  });
});

describe('SandboxPixProvider.refund', () => {
  it('should return DEVOLVIDO, be idempotent by id and never refund more than was paid', async () => {
    const { provider } = harness();
    const txid = newTxid();
    await provider.createCharge({ txid, amountCents: 1000, expiresInSeconds: 60 });
    const { charge } = await provider.pay(txid);
    const endToEndId = charge.payments[0]!.endToEndId;
    expect(await provider.refund({ endToEndId, refundId: 'D1', amountCents: 600 })).toEqual({
      refundId: 'D1',
      status: 'DEVOLVIDO',
    });
    expect(await provider.refund({ endToEndId, refundId: 'D1', amountCents: 600 })).toEqual({
      refundId: 'D1',
      status: 'DEVOLVIDO',
    });
    await expect(provider.refund({ endToEndId, refundId: 'D2', amountCents: 401 })).rejects.toMatchObject({
      status: 400,
    });
    expect(await provider.refund({ endToEndId, refundId: 'D2', amountCents: 400 })).toMatchObject({
      status: 'DEVOLVIDO',
    });
    await expect(
      provider.refund({ endToEndId: 'E99999999202601010000AAAAAAAAAAA', refundId: 'D3', amountCents: 1 }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

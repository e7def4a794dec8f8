import fs from 'node:fs';
import https from 'node:https';
import { ConfigError, loadConfig, type PixConfig } from '../../src/config';
import { parseBrCode } from '../../src/payments/br-code';
import { BacenPixProvider } from '../../src/payments/bacen';
import { PixProviderError, PixTransferNotSent, PixWebhookRejected } from '../../src/payments/pix-provider';
import { PIX_WEBHOOK_PAYMENT } from '../support/payloads';
import { CLIENT_ID, CLIENT_SECRET, FakePsp, fixture, PIX_KEY } from './fake-psp';

const silentLog = { warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() } as never;
const TXID = '7978c0c97ea847e78e8849634473c1f1';

const psp = new FakePsp();
beforeAll(() => psp.start());
afterAll(() => psp.stop());

const providers: BacenPixProvider[] = [];
afterAll(() => providers.forEach((provider) => provider.close()));

function provider(env: Record<string, string> = {}, clock?: { now: number }): BacenPixProvider {
  const config: PixConfig = loadConfig(psp.env(env)).pix;
  const created = new BacenPixProvider({ config, log: silentLog, ...(clock ? { now: () => clock.now } : {}) });
  providers.push(created);
  return created;
}

let txidCounter = 0;
const newTxid = () => `${TXID.slice(0, 28)}${(txidCounter += 1).toString().padStart(4, '0')}`;

beforeEach(() => {
  psp.requests.length = 0;
  psp.forced.length = 0;
  psp.tokenExpiresIn = 3600;
});

describe('POST /oauth/token', () => {
  it('should authenticate with Basic client_id:client_secret over mTLS, presenting the client certificate', async () => {
    await provider().getCharge(newTxid());
    const [token] = psp.tokenRequests();
    expect(token).toBeDefined();
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(token!.body).toEqual({ grant_type: 'client_credentials' });
    expect(token!.clientCertCn).toBe('rifaria-test-client');
    // The API call then carries the token the PSP issued (the first of this fake PSP's life).
    expect(psp.apiRequests()[0]!.headers.authorization).toBe('Bearer token-1');
    expect(psp.apiRequests()[0]!.clientCertCn).toBe('rifaria-test-client');
  });

  it('should work with the certificate as PEM files too', async () => {
    const pem = provider({
      PIX_BACEN_CERT_P12: '',
      PIX_BACEN_CERT_PEM: fixture('client.crt'),
      PIX_BACEN_KEY_PEM: fs.readFileSync(fixture('client.key'), 'utf8'),
    });
    expect(await pem.getCharge(newTxid())).toBeNull();
    expect(psp.tokenRequests()[0]!.clientCertCn).toBe('rifaria-test-client');
  });

  it('should be refused by the PSP without a client certificate, or with one from another CA', async () => {
    const attempt = (options: https.RequestOptions) =>
      new Promise<number>((resolve, reject) => {
        const request = https.request(`${psp.url}/oauth/token`, { method: 'POST', ...options }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end('{"grant_type":"client_credentials"}');
      });
    const ca = fs.readFileSync(fixture('ca.crt'));
    await expect(attempt({ ca })).rejects.toThrow();
    await expect(
      attempt({ ca, cert: fs.readFileSync(fixture('stranger.crt')), key: fs.readFileSync(fixture('stranger.key')) }),
    ).rejects.toThrow();
    // The same call with the right certificate goes through (the test above is not refused for another reason).
    await expect(
      attempt({ ca, cert: fs.readFileSync(fixture('client.crt')), key: fs.readFileSync(fixture('client.key')) }),
    ).resolves.toBe(401);

    const stranger = provider({
      PIX_BACEN_CERT_P12: '',
      PIX_BACEN_CERT_PEM: fixture('stranger.crt'),
      PIX_BACEN_KEY_PEM: fixture('stranger.key'),
    });
    await expect(stranger.getCharge(newTxid())).rejects.toBeInstanceOf(PixProviderError);
    expect(psp.requests).toHaveLength(1); // only the successful raw call above reached HTTP
  });

  it('should refuse a PSP whose server certificate it does not trust', async () => {
    const untrusting = provider({ PIX_BACEN_CA_PEM: fixture('stranger.crt') });
    await expect(untrusting.getCharge(newTxid())).rejects.toBeInstanceOf(PixProviderError);
    expect(psp.requests).toHaveLength(0);
  });

  it('should reuse the token until shortly before it expires, then get a new one', async () => {
    const clock = { now: 1_000_000 };
    const client = provider({}, clock);
    await client.getCharge(newTxid());
    await client.getCharge(newTxid());
    expect(psp.tokenRequests()).toHaveLength(1);
    clock.now += 3600_000 - 61_000; // still more than a minute left
    await client.getCharge(newTxid());
    expect(psp.tokenRequests()).toHaveLength(1);
    clock.now += 2_000; // inside the renewal margin
    await client.getCharge(newTxid());
    expect(psp.tokenRequests()).toHaveLength(2);
  });

  it('should share one token request between concurrent calls', async () => {
    const client = provider();
    await Promise.all([client.getCharge(newTxid()), client.getCharge(newTxid()), client.getCharge(newTxid())]);
    expect(psp.tokenRequests()).toHaveLength(1);
  });

  it('should refresh the token once on 401 and retry the call', async () => {
    const client = provider();
    await client.getCharge(newTxid());
    psp.validTokens.clear(); // revoked at the PSP
    expect(await client.getCharge(newTxid())).toBeNull();
    expect(psp.tokenRequests()).toHaveLength(2);
    expect(psp.apiRequests().map((r) => r.headers.authorization)).toHaveLength(3);
  });

  it('should give up with PixProviderError 401 when the fresh token is refused too', async () => {
    const client = provider();
    psp.forced.push(
      { status: 401, body: { title: 'Não autorizado' } },
      { status: 401, body: { title: 'Não autorizado' } },
    );
    await expect(client.getCharge(newTxid())).rejects.toMatchObject({ name: 'PixProviderError', status: 401 });
    expect(psp.tokenRequests()).toHaveLength(2);
  });

  it('should fail with PixProviderError when the credentials are wrong', async () => {
    const client = provider({ PIX_BACEN_CLIENT_SECRET: 'wrong' });
    await expect(client.getCharge(newTxid())).rejects.toMatchObject({ name: 'PixProviderError', status: 401 });
  });
});

describe('PUT /v2/cob/{txid}', () => {
  it('should create the charge with the API Pix body and map the reply', async () => {
    const txid = newTxid();
    const charge = await provider().createCharge({
      txid,
      amountCents: 3700,
      expiresInSeconds: 3600,
      payer: { name: 'Francisco da Silva', cpf: '12345678909' },
      description: 'Serviço realizado.',
    });
    const [call] = psp.apiRequests();
    expect(call).toMatchObject({ method: 'PUT', path: `/v2/cob/${txid}`, clientCertCn: 'rifaria-test-client' });
    expect(call!.body).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: '12345678909', nome: 'Francisco da Silva' },
      valor: { original: '37.00' },
      chave: PIX_KEY,
      solicitacaoPagador: 'Serviço realizado.',
    });
    expect(charge).toEqual({
      txid,
      status: 'ATIVA',
      amountCents: 3700,
      createdAt: new Date('2026-03-10T15:04:05.358Z'),
      expiresInSeconds: 3600,
      copyPasteCode: psp.cobs.get(txid)!.pixCopiaECola,
      payments: [],
    });
  });

  it('should send devedor with cnpj, omit it without a document, and cut solicitacaoPagador at 140', async () => {
    const client = provider();
    await client.createCharge({
      txid: newTxid(),
      amountCents: 1,
      expiresInSeconds: 60,
      payer: { name: 'ACME', cnpj: '11222333000181' },
    });
    await client.createCharge({
      txid: newTxid(),
      amountCents: 1,
      expiresInSeconds: 60,
      payer: { name: 'Só nome' },
      description: 'x'.repeat(200),
    });
    const [withCnpj, withoutDocument] = psp.apiRequests().map((r) => r.body as Record<string, unknown>);
    expect(withCnpj!.devedor).toEqual({ cnpj: '11222333000181', nome: 'ACME' });
    expect(withCnpj!.valor).toEqual({ original: '0.01' });
    expect(withoutDocument!.devedor).toBeUndefined();
    expect(String(withoutDocument!.solicitacaoPagador)).toHaveLength(140);
  });

  it('should return the existing cob when the txid is already used with the same amount (retry)', async () => {
    const client = provider();
    const txid = newTxid();
    const first = await client.createCharge({ txid, amountCents: 500, expiresInSeconds: 60 });
    expect(await client.createCharge({ txid, amountCents: 500, expiresInSeconds: 60 })).toEqual(first);
    await expect(client.createCharge({ txid, amountCents: 501, expiresInSeconds: 60 })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('should build the dynamic BR Code from the location when the PSP omits pixCopiaECola', async () => {
    const txid = newTxid();
    psp.forced.push({
      status: 201,
      body: {
        txid,
        status: 'ATIVA',
        calendario: { criacao: '2026-03-10T15:04:05Z', expiracao: 60 },
        valor: { original: '10.00' },
        loc: { id: 1, location: 'pix.example.com/qr/v2/abc', tipoCob: 'cob' },
      },
    });
    const charge = await provider().createCharge({ txid, amountCents: 1000, expiresInSeconds: 60 });
    expect(parseBrCode(charge.copyPasteCode)).toMatchObject({ kind: 'dynamic', location: 'pix.example.com/qr/v2/abc' });
  });

  it('should turn PSP 4xx and 5xx replies into PixProviderError with the status', async () => {
    const client = provider();
    psp.forced.push({ status: 400, body: { title: 'Cobrança inválida.', detail: 'valor.original inválido' } });
    await expect(
      client.createCharge({ txid: newTxid(), amountCents: 100, expiresInSeconds: 60 }),
    ).rejects.toMatchObject({
      name: 'PixProviderError',
      status: 400,
      message: expect.stringContaining('valor.original inválido'),
    });
    psp.forced.push({ status: 503, body: 'Service Unavailable' });
    await expect(
      client.createCharge({ txid: newTxid(), amountCents: 100, expiresInSeconds: 60 }),
    ).rejects.toMatchObject({
      status: 503,
    });
    psp.forced.push({ status: 500 });
    await expect(client.getCharge(newTxid())).rejects.toMatchObject({ status: 500 });
  });

  it('should reject a malformed successful reply instead of trusting it', async () => {
    psp.forced.push({ status: 200, body: { txid: TXID, status: 'PAGA', calendario: {}, valor: {} } });
    await expect(provider().getCharge(newTxid())).rejects.toMatchObject({ name: 'PixProviderError', status: 502 });
  });

  it('should refuse to call the PSP with an invalid txid', async () => {
    await expect(
      provider().createCharge({ txid: 'abc', amountCents: 100, expiresInSeconds: 60 }),
    ).rejects.toBeInstanceOf(PixProviderError);
    expect(psp.requests).toHaveLength(0);
  });
});

describe('GET /v2/cob/{txid}', () => {
  it('should map a CONCLUIDA cob and its pix[] to payments in centavos', async () => {
    const client = provider();
    const txid = newTxid();
    await client.createCharge({ txid, amountCents: 11000, expiresInSeconds: 3600 });
    Object.assign(psp.cobs.get(txid)!, {
      status: 'CONCLUIDA',
      pix: [
        {
          endToEndId: 'E12345678202009091221kkkkkkkkkkk',
          txid,
          valor: '110.00',
          horario: '2020-09-09T20:15:00.358Z',
          infoPagador: '0123456789',
        },
        { endToEndId: 'E12345678202009091222zzzzzzzzzzz', txid, valor: '0.29', horario: '2020-09-09T20:16:00Z' },
      ],
    });
    const charge = await client.getCharge(txid);
    expect(psp.apiRequests().at(-1)).toMatchObject({ method: 'GET', path: `/v2/cob/${txid}` });
    expect(charge).toMatchObject({ txid, status: 'CONCLUIDA', amountCents: 11000 });
    expect(charge!.payments).toEqual([
      {
        endToEndId: 'E12345678202009091221kkkkkkkkkkk',
        amountCents: 11000,
        paidAt: new Date('2020-09-09T20:15:00.358Z'),
      },
      { endToEndId: 'E12345678202009091222zzzzzzzzzzz', amountCents: 29, paidAt: new Date('2020-09-09T20:16:00Z') },
    ]);
  });

  it('should answer null for a txid the PSP does not know', async () => {
    expect(await provider().getCharge(newTxid())).toBeNull();
  });
});

describe('GET /v2/pix?inicio&fim (the reconciliation)', () => {
  it('should read every page of the period and parse each Pix as strictly as a webhook', async () => {
    const client = provider();
    const paid = (txid: string, endToEndId: string, valor: string, horario: string) =>
      Object.assign(psp.cobs.get(txid)!, { status: 'CONCLUIDA', pix: [{ endToEndId, txid, valor, horario }] });
    const txids = [newTxid(), newTxid(), newTxid(), newTxid()];
    for (const txid of txids) await client.createCharge({ txid, amountCents: 500, expiresInSeconds: 3600 });
    paid(txids[0]!, 'E12345678203001010001aaaaaaaaaaa', '5.00', '2030-01-01T03:00:00Z');
    paid(txids[1]!, 'E12345678203001010002bbbbbbbbbbb', '5.00', '2030-01-01T12:00:00.500Z');
    paid(txids[2]!, 'E12345678203001010003ccccccccccc', '4.99', '2030-01-02T02:59:59Z');
    // The next São Paulo day: outside the period.
    paid(txids[3]!, 'E12345678203001020004ddddddddddd', '5.00', '2030-01-02T03:00:00Z');
    psp.requests.length = 0;
    const received = await client.listReceived({
      from: new Date('2030-01-01T03:00:00Z'),
      to: new Date('2030-01-02T03:00:00Z'),
    });
    expect(received.map((pix) => [pix.endToEndId, pix.txid, pix.amountCents])).toEqual([
      ['E12345678203001010001aaaaaaaaaaa', txids[0], 500],
      ['E12345678203001010002bbbbbbbbbbb', txids[1], 500],
      ['E12345678203001010003ccccccccccc', txids[2], 499],
    ]);
    const pages = psp.apiRequests().map((request) => new URL(request.path, 'https://psp').searchParams);
    expect(pages.map((query) => query.get('paginacao.paginaAtual'))).toEqual(['0', '1']);
    expect(pages[0]!.get('inicio')).toBe('2030-01-01T03:00:00.000Z');
    expect(pages[0]!.get('fim')).toBe('2030-01-02T03:00:00.000Z');
  });

  it('should refuse a malformed page instead of trusting it, and a PSP error', async () => {
    const period = { from: new Date('2031-01-01T03:00:00Z'), to: new Date('2031-01-02T03:00:00Z') };
    psp.forced.push({ status: 200, body: { pix: [{ endToEndId: 'curto', valor: '1.00', horario: 'x' }] } });
    await expect(provider().listReceived(period)).rejects.toBeInstanceOf(PixProviderError);
    psp.forced.push({ status: 503, body: { title: 'Indisponível' } });
    await expect(provider().listReceived(period)).rejects.toMatchObject({ status: 503 });
    expect(await provider().listReceived(period)).toEqual([]);
  });
});

describe('PATCH /v2/cob/{txid}', () => {
  it('should cancel with status REMOVIDA_PELO_USUARIO_RECEBEDOR', async () => {
    const client = provider();
    const txid = newTxid();
    await client.createCharge({ txid, amountCents: 100, expiresInSeconds: 60 });
    await client.cancelCharge(txid);
    expect(psp.apiRequests().at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/v2/cob/${txid}`,
      body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
    });
    expect((await client.getCharge(txid))!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await expect(client.cancelCharge(newTxid())).rejects.toMatchObject({ status: 404 });
  });
});

describe('PUT /v2/pix/{e2eid}/devolucao/{id}', () => {
  it('should request the refund with valor as a decimal string', async () => {
    const refund = await provider().refund({
      endToEndId: 'E12345678202009091221kkkkkkkkkkk',
      refundId: 'D1rifaria',
      amountCents: 1000,
    });
    expect(psp.apiRequests()[0]).toMatchObject({
      method: 'PUT',
      path: '/v2/pix/E12345678202009091221kkkkkkkkkkk/devolucao/D1rifaria',
      body: { valor: '10.00' },
    });
    expect(refund).toEqual({ refundId: 'D1rifaria', status: 'EM_PROCESSAMENTO' });
  });
});

describe('PUT /v3/gn/pix/{idEnvio} (Efí extension)', () => {
  it('should not send Pix unless the Efí extension is enabled', async () => {
    const client = provider();
    await expect(client.sendPix({ idempotencyKey: 'tr1', amountCents: 100, pixKey: 'a@b.co' })).rejects.toThrow(
      /PIX_BACEN_EFI_PIX_SEND/,
    );
    // Certainly not sent (nothing reached the PSP): the transfer's debit can be reversed at once.
    await expect(client.sendPix({ idempotencyKey: 'tr1', amountCents: 100, pixKey: 'a@b.co' })).rejects.toBeInstanceOf(
      PixTransferNotSent,
    );
    expect(psp.requests).toHaveLength(0);
  });

  it('should send with pagador (our key) and favorecido, then read the transfer back', async () => {
    const client = provider({ PIX_BACEN_EFI_PIX_SEND: 'true' });
    const transfer = await client.sendPix({
      idempotencyKey: 'tr42',
      amountCents: 1550,
      pixKey: 'maria@example.com',
      description: 'Prêmio',
    });
    expect(psp.apiRequests()[0]).toMatchObject({
      method: 'PUT',
      path: '/v3/gn/pix/tr42',
      body: {
        valor: '15.50',
        pagador: { chave: PIX_KEY, infoPagador: 'Prêmio' },
        favorecido: { chave: 'maria@example.com' },
      },
    });
    expect(transfer).toEqual({
      idempotencyKey: 'tr42',
      status: 'EM_PROCESSAMENTO',
      endToEndId: 'E09089356202603101504abcdefghijk',
      failureReason: null,
    });
    psp.transfers.get('tr42')!.status = 'NAO_REALIZADO';
    expect(await client.getTransfer('tr42')).toMatchObject({
      status: 'NAO_REALIZADO',
      failureReason: expect.any(String),
    });
    expect(psp.apiRequests().at(-1)!.path).toBe('/v2/gn/pix/enviados/id-envio/tr42');
    expect(await client.getTransfer('unknown')).toBeNull();
  });
});

describe('POST /payments/webhook/pix (parseWebhook)', () => {
  const body = {
    pix: [
      { ...PIX_WEBHOOK_PAYMENT, infoPagador: '0123456789' },
      {
        endToEndId: 'E12345678202009091222abcdefghijk',
        txid: 'c3e0e7a4e7f1469a9f782d3d4999343d',
        valor: '0.29',
        horario: '2020-09-09T17:16:00-03:00',
      },
    ],
  };

  it('should parse several payments per call, amounts in exact centavos', () => {
    expect(provider().parseWebhook({ headers: {}, body, clientCertificateVerified: true })).toEqual([
      {
        endToEndId: 'E12345678202009091221kkkkkkkkkkk',
        txid: 'c3e0e7a4e7f1469a9f782d3d4999343c',
        amountCents: 11000,
        paidAt: new Date('2020-09-09T20:15:00.358Z'),
      },
      {
        endToEndId: 'E12345678202009091222abcdefghijk',
        txid: 'c3e0e7a4e7f1469a9f782d3d4999343d',
        amountCents: 29,
        paidAt: new Date('2020-09-09T20:16:00Z'),
      },
    ]);
  });

  it('should reject a call whose client certificate was not verified', () => {
    expect(() => provider().parseWebhook({ headers: {}, body, clientCertificateVerified: false })).toThrow(
      PixWebhookRejected,
    );
  });

  it('should authenticate a call from its TLS state and headers alone, before any body exists', () => {
    expect(() => provider().authenticateWebhook({ headers: {}, clientCertificateVerified: false })).toThrow(
      PixWebhookRejected,
    );
    expect(() => provider().authenticateWebhook({ headers: {}, clientCertificateVerified: true })).not.toThrow();
    const behindProxy = provider({ PIX_WEBHOOK_CLIENT_VERIFY_HEADER: 'X-SSL-Client-Verify' });
    expect(() =>
      behindProxy.authenticateWebhook({
        headers: { 'x-ssl-client-verify': 'SUCCESS' },
        clientCertificateVerified: false,
      }),
    ).not.toThrow();
  });

  it('should accept the proxy verification header only when configured', () => {
    const headers = { 'x-ssl-client-verify': 'SUCCESS' };
    expect(() => provider().parseWebhook({ headers, body, clientCertificateVerified: false })).toThrow(
      PixWebhookRejected,
    );
    const behindProxy = provider({ PIX_WEBHOOK_CLIENT_VERIFY_HEADER: 'X-SSL-Client-Verify' });
    expect(behindProxy.parseWebhook({ headers, body, clientCertificateVerified: false })).toHaveLength(2);
    expect(() =>
      behindProxy.parseWebhook({
        headers: { 'x-ssl-client-verify': 'FAILED:unable to verify' },
        body,
        clientCertificateVerified: false,
      }),
    ).toThrow(PixWebhookRejected);
  });

  it('should accept unverified calls when PIX_WEBHOOK_REQUIRE_MTLS=false', () => {
    expect(
      provider({ PIX_WEBHOOK_REQUIRE_MTLS: 'false' }).parseWebhook({
        headers: {},
        body,
        clientCertificateVerified: false,
      }),
    ).toHaveLength(2);
  });

  it.each([
    ['no pix array', { foo: 1 }],
    ['an empty pix array', { pix: [] }],
    ['a numeric valor', { pix: [{ ...body.pix[0], valor: 110 }] }],
    ['a valor with a comma', { pix: [{ ...body.pix[0], valor: '110,00' }] }],
    ['a zero valor', { pix: [{ ...body.pix[0], valor: '0.00' }] }],
    ['a short endToEndId', { pix: [{ ...body.pix[0], endToEndId: 'E123' }] }],
    ['a horario without time zone', { pix: [{ ...body.pix[0], horario: '2020-09-09 20:15:00' }] }],
    ['one bad entry among good ones', { pix: [body.pix[0], { ...body.pix[1], txid: 'not a txid!' }] }],
  ])('should reject a body with %s', (_label, bad) => {
    expect(() => provider().parseWebhook({ headers: {}, body: bad, clientCertificateVerified: true })).toThrow(
      PixWebhookRejected,
    );
  });

  it('should acknowledge the webhook registration test call with no notices', () => {
    expect(
      provider().parseWebhook({ headers: {}, body: { evento: 'teste_webhook' }, clientCertificateVerified: true }),
    ).toEqual([]);
  });
});

describe('BacenPixProvider configuration', () => {
  it('should fail fast with a clear message when settings are missing', () => {
    const config = loadConfig({ PIX_PROVIDER: 'bacen', PIX_KEY }).pix;
    expect(() => new BacenPixProvider({ config, log: silentLog })).toThrow(ConfigError);
    expect(() => new BacenPixProvider({ config, log: silentLog })).toThrow(
      /PIX_BACEN_BASE_URL, PIX_BACEN_CLIENT_ID, PIX_BACEN_CLIENT_SECRET, PIX_BACEN_CERT_P12/,
    );
  });

  it('should fail fast on a wrong certificate passphrase, a missing file, http:// or no PIX_KEY', () => {
    expect(() => provider({ PIX_BACEN_CERT_PASSPHRASE: 'wrong' })).toThrow(/certificate cannot be loaded/);
    expect(() => provider({ PIX_BACEN_CERT_P12: '/nonexistent/cert.p12' })).toThrow(/PIX_BACEN_CERT_P12/);
    expect(() => provider({ PIX_BACEN_BASE_URL: 'http://psp.example.com' })).toThrow(/https/);
    expect(
      () => new BacenPixProvider({ config: { ...loadConfig(psp.env()).pix, pixKey: '' }, log: silentLog }),
    ).toThrow(/PIX_KEY/);
  });

  it('should default the token URL to the base URL + /oauth/token', () => {
    expect(loadConfig(psp.env()).pix.bacen.tokenUrl).toBe(`${psp.url}/oauth/token`);
    expect(loadConfig(psp.env({ PIX_BACEN_TOKEN_URL: 'https://auth.psp.example/token' })).pix.bacen.tokenUrl).toBe(
      'https://auth.psp.example/token',
    );
  });
});

import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { API_MESSAGES } from '../../src/lib/messages';
import { SANDBOX_WEBHOOK_SECRET_HEADER } from '../../src/payments/sandbox';
import { bearer, buildApp, logCapture, registerUser, type TestApp, uniqueEmail } from '../helper';
import { cpfFromBase, TEST_BUYER_DATA_SECRET } from '../support/buyers';
import { bannerForm, createCampaign, publishedCampaign } from '../support/campaigns';
import { organiser, type Organiser } from '../support/organisers';
import { signInOperator } from '../support/operators';
import { totpCode } from '../../src/admin/totp';
import { buy, chargeOf, purchaseRow, sellingConfig, WEBHOOK_SECRET } from '../support/purchases';
import { describeEndpoint, endpoints, fillPath, type Endpoint } from '../support/routes';
import { PNG } from '../support/uploads';

/**
 * Security sweeps (issue 29, "Prove"), over every route the app registers (fastify's onRoute), not a hand-made list:
 * - every route is either protected (`config: { auth: true }`) or listed below as public with its reason, so a route
 *   added later without a decision fails here; protected ones refuse missing, malformed, expired and revoked
 *   credentials with 401 and the spec's messages;
 * - organiser B on every owner-scoped route, with organiser A's ids, gets 404;
 * - a whole flow (sign-up, login, e-mail code, password reset, buyer, purchase, Pix webhook) leaves no secret or
 *   personal data in the log.
 * The session is the bearer token here (API clients keep it); a cookie session is one more entry in CREDENTIALS.
 */

/** Routes anyone may call, and why. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'load balancer and monitoring probe',
  'GET /metrics': "Prometheus's scrape, its own bearer token (METRICS_TOKEN); unset: 404 as an unknown route",
  'GET /api/docs': 'API documentation (Swagger UI)',
  'GET /api/docs/json': 'OpenAPI document',
  'GET /api/docs/yaml': 'OpenAPI document',
  'GET /api/docs/static/*': 'Swagger UI assets',
  'GET /api/docs/static/index.html': 'Swagger UI',
  'GET /api/docs/static/swagger-initializer.js': 'Swagger UI',
  'OPTIONS *': 'CORS preflight',
  'POST /api/auth/register': 'sign-up',
  'POST /api/auth/login': 'login',
  'GET /api/auth/states': 'reference data of the address form',
  'POST /api/auth/forgot-password': 'asks for a reset link (same answer for any e-mail)',
  'POST /api/auth/reset-password': 'authenticated by the single-use token of the link',
  'GET /api/auth/google/start': "'Entrar com Google': to the provider (404 unless GOOGLE_CLIENT_ID is set)",
  'GET /api/auth/google/callback': "back from Google: this browser's state cookie, a single-use flow, PKCE and nonce",
  'GET /api/sandbox/mailbox': 'e-mail sandbox, only outside production without SMTP',
  'GET /api/document-types': 'reference data of the account-opening form',
  'POST /payments/webhook/pix': "PSP webhook, authenticated by the provider's headers/TLS",
  'POST /payments/sandbox/charges/:txid/pay': 'sandbox PSP payer, only with PIX_PROVIDER=sandbox',
  'GET /media/banners/:key': 'campaign banners on the public page',
  'GET /media/banners/:key/:variant': 'campaign banner variants on the public page',
  'GET /public/campaigns/:link': "the buyer's campaign page",
  'GET /public/campaigns/:link/result': 'the public draw result',
  'POST /public/campaigns/:link/reports': "'Denunciar campanha': queued for the operators, limited per address and phone",
  'GET /public/campaigns/:link/result/verification.json': 'the public draw verification file',
  'GET /public/campaigns/:link/my-tickets': '"Meus números", answered only with phone and CPF',
  'GET /public/campaigns/:link/my-tickets/device': '"Meus números" of the buyer the device cookie proves, else nothing',
  'GET /public/buyers/check/:phone': "checkout buyer lookup (masked, only to the buyer's own device)",
  'POST /public/buyers/change-phone/code': "'Trocar de telefone' 1: a WhatsApp code to the new phone, one reply",
  'POST /public/buyers/change-phone': "'Trocar de telefone' 2: the CPF and the WhatsApp code sent to the new phone",
  'POST /public/buyers/change-phone/undo': "the old phone's undo link (a 256-bit token, 7 days)",
  'POST /public/buyers': 'checkout buyer registration',
  'POST /public/privacy-requests': "LGPD request from 'Meus números': one reply, a code only to a matching buyer",
  'POST /public/privacy-requests/:id/confirm': 'LGPD request confirmed by the 6-digit code sent to the buyer',
  'POST /public/purchases': 'checkout reservation',
  'GET /public/purchases/:hash': 'checkout, by its unguessable hash',
  'GET /public/purchases/:hash/comprovante.pdf': "the paid purchase's receipt, only to the buyer's proven device",
  'POST /webhooks/evolution': 'Evolution API webhook, authenticated by the secret in its URL or its key',
  'GET /runtime-config.json': "the shell's runtime configuration",
  'POST /api/admin/login': 'operator login, step 1 (password): a single-use challenge, limited per address and account',
  'POST /api/admin/login/totp':
    'operator login, step 2: the challenge and a TOTP code, limited per address and account',
  'POST /api/admin/invites/accept': "an operator's invitation, authenticated by the single-use token of its link",
};

/**
 * Credentials a protected route must refuse, and the 401 message for each. `make` builds the request headers
 * (a fresh session of `user` when it needs one). Another way to hold a session (a cookie) is one more entry.
 */
interface Refused {
  name: string;
  make(t: TestApp, user: Organiser): Promise<Record<string, string>>;
  message: string;
}

const CREDENTIALS: Refused[] = [
  { name: 'missing', make: async () => ({}), message: API_MESSAGES.unauthenticated },
  {
    name: 'malformed (Basic)',
    make: async () => ({ authorization: 'Basic bWFyaWE6c2VuaGE=' }),
    message: API_MESSAGES.unauthenticated,
  },
  {
    name: 'malformed (short bearer)',
    make: async () => ({ authorization: 'Bearer abc' }),
    message: API_MESSAGES.unauthenticated,
  },
  { name: 'unknown', make: async () => bearer('x'.repeat(43)), message: AUTH_MESSAGES.sessionExpired },
  {
    name: 'expired',
    make: async (t, user) => {
      const issued = await t.app.services.auth.issueToken(String(user.id));
      await t.database.db
        .updateTable('auth_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', issued.tokenId)
        .execute();
      return bearer(issued.accessToken);
    },
    message: AUTH_MESSAGES.sessionExpired,
  },
  {
    name: 'revoked (logged out)',
    make: async (t, user) => {
      const issued = await t.app.services.auth.issueToken(String(user.id));
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(issued.accessToken),
      });
      if (logout.statusCode !== 200) throw new Error(`logout failed: ${logout.statusCode}`);
      return bearer(issued.accessToken);
    },
    message: AUTH_MESSAGES.sessionExpired,
  },
];

/**
 * Which of organiser A's resources a path parameter names, by the path it sits under. An owner-scoped route under a
 * path not listed here fails the sweep until it is added.
 */
const OWNED: [prefix: string, kind: keyof Owned][] = [
  ['/api/campaigns/:id', 'campaign'],
  ['/api/user-wallets/:id', 'wallet'],
  ['/payments/deposits/:id', 'deposit'],
  ['/whatsapp/instances/:id', 'instance'],
];

interface Owned {
  campaign: string;
  wallet: string;
  deposit: string;
  instance: string;
}

/** Protected routes with a path parameter that names nothing anyone owns. */
const NOT_OWNED: Record<string, string> = {
  'GET /api/cep/:cep': 'a CEP is public reference data',
};

const json = (payload: Record<string, unknown>) => async () => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

/** Bodies that pass validation, so the answer is about the owner and not a 422 or 415 (the rest get no body). */
const VALID_BODIES: Record<string, () => Promise<{ payload: string | Buffer; headers: Record<string, string> }>> = {
  'PUT /api/campaigns/:id': json({ name: 'Invadida' }),
  'POST /api/campaigns/:id/cancel': json({ reason: 'Cancelada por outro' }),
  'POST /api/campaigns/:id/upload-banner': () => bannerForm(PNG, 'banner.png', 'image/png'),
  'POST /api/user-wallets/:id/transfers': json({ amount: '1,00', pix_key: 'destino@example.com', description: 'x' }),
  'POST /api/user-wallets/:id/transfers/preview': json({ amount: '1,00', pix_key: 'destino@example.com' }),
  'POST /whatsapp/instances/:id/test': json({ phone_number: '11987654321', message: 'Olá' }),
};

const key = (endpoint: Endpoint) => describeEndpoint(endpoint);

describe('security sweeps over every registered route', () => {
  const { lines, stream: logStream } = logCapture();
  let t: TestApp;
  let list: Endpoint[];
  let a: Organiser;
  let b: Organiser;
  const owned = {} as Owned;

  beforeAll(async () => {
    t = await buildApp({
      logStream,
      config: sellingConfig({ logLevel: 'debug' }),
    });
    list = endpoints(t.routes);
    a = await organiser(t.app);
    b = await organiser(t.app);
    owned.campaign = String((await createCampaign(t.app, a)).id);
    owned.wallet = String(a.walletId);
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/payments/deposits',
      headers: bearer(a.token),
      payload: { amount: 10, description: 'Depósito', user_wallet_id: a.walletId },
    });
    owned.deposit = String(deposit.json().payment.id);
    const instance = await t.app.inject({
      method: 'POST',
      url: '/whatsapp/instances',
      headers: bearer(a.token),
      payload: { instance_name: 'atendimento', phone_number: '11987650000' },
    });
    owned.instance = String(instance.json().data?.id);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('should know every route: protected, or public with a reason (and no stale public entry)', () => {
    const unclassified = list
      .filter((endpoint) => !endpoint.auth && !endpoint.admin && !(key(endpoint) in PUBLIC_ROUTES))
      .map(key);
    expect(unclassified).toEqual([]);
    const registered = new Set(list.map(key));
    expect(Object.keys(PUBLIC_ROUTES).filter((route) => !registered.has(route))).toEqual([]);
    expect(list.filter((endpoint) => endpoint.auth).length).toBeGreaterThan(30);
  });

  it.each(CREDENTIALS.map((credential) => [credential.name, credential] as const))(
    'should refuse %s credentials on every protected route with 401 and the spec message',
    async (_name, credential) => {
      const wrong: string[] = [];
      for (const endpoint of list.filter((e) => e.auth)) {
        const url = fillPath(endpoint, Object.fromEntries(endpoint.params.map((p) => [p, '1'])));
        const response = await t.app.inject({ method: endpoint.method, url, headers: await credential.make(t, a) });
        const body = response.json();
        if (response.statusCode !== 401 || body.success !== false || body.message !== credential.message) {
          wrong.push(`${key(endpoint)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );

  it('should answer 404, exactly as to a route that does not exist, to no token and to an organiser on every admin route', async () => {
    const under = list.filter((endpoint) => endpoint.url.startsWith('/api/admin/'));
    // Every /api/admin/* route is the back office's or public with a reason (the login), and only those are admin.
    expect(under.filter((endpoint) => !endpoint.admin && !(key(endpoint) in PUBLIC_ROUTES)).map(key)).toEqual([]);
    expect(list.filter((endpoint) => endpoint.admin && !endpoint.url.startsWith('/api/admin/')).map(key)).toEqual([]);
    const admin = under.filter((endpoint) => endpoint.admin);
    expect(admin.length).toBeGreaterThan(5);
    const operator = await signInOperator(t.app);
    const dropDate = ({ date: _date, ...rest }: Record<string, unknown>) => rest;
    const wrong: string[] = [];
    for (const endpoint of admin) {
      const url = fillPath(endpoint, Object.fromEntries(endpoint.params.map((p) => [p, '1'])));
      const unknown = await t.app.inject({ method: endpoint.method, url: '/api/admin/no-such-route' });
      for (const [who, headers] of [
        ['no token', {}],
        ['organiser', bearer(a.token)],
      ] as const) {
        const response = await t.app.inject({ method: endpoint.method, url, headers });
        // A header the unknown route has not (or has otherwise) gives the route away: e.g. set by its plugin's onSend
        // hook, which runs even for the authentication's 404 (every admin answer that passes is no-store already).
        const [got, expected] = [dropDate(response.headers), dropDate(unknown.headers)];
        const headersOff = [...new Set([...Object.keys(got), ...Object.keys(expected)])].filter(
          (name) => got[name] !== expected[name],
        );
        if (response.statusCode !== 404 || response.body !== unknown.body || headersOff.length > 0) {
          const what = `${response.statusCode} ${response.body.slice(0, 100)} headers off: ${headersOff.join(', ')}`;
          wrong.push(`${key(endpoint)} (${who}): ${what}`);
        }
      }
      // An operator gets past it (a fresh session each time: one of these routes is the logout).
      const session = await t.app.services.operators.issueSession(operator.operatorId, { address: null });
      const own = await t.app.inject({ method: endpoint.method, url, headers: bearer(session.token) });
      if (own.statusCode === 404 && own.json().message === API_MESSAGES.routeNotFound) {
        wrong.push(`${key(endpoint)} (operator): not reached`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("should answer 404 to organiser B on every owner-scoped route with organiser A's ids", async () => {
    const id = expect.stringMatching(/^\d+$/);
    expect(owned).toEqual({ campaign: id, wallet: id, deposit: id, instance: id });
    const scoped = list.filter((endpoint) => endpoint.auth && endpoint.params.length > 0);
    expect(scoped.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const endpoint of scoped.filter((e) => !(key(e) in NOT_OWNED))) {
      const owner = OWNED.find(([prefix]) => endpoint.url.startsWith(prefix));
      if (!owner) {
        wrong.push(`${key(endpoint)}: whose resource is it? (add its path to OWNED)`);
        continue;
      }
      const body = await VALID_BODIES[key(endpoint)]?.();
      const response = await t.app.inject({
        method: endpoint.method,
        url: fillPath(endpoint, { id: owned[owner[1]] }),
        headers: { ...body?.headers, ...bearer(b.token) },
        ...(body ? { payload: body.payload } : {}),
      });
      const reply = response.json();
      if (response.statusCode !== 404 || reply.success !== false || typeof reply.message !== 'string') {
        wrong.push(`${key(endpoint)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    // And A still reaches each of them (the 404 is about the owner, not a broken id).
    const ownViews: Record<keyof Owned, string> = {
      campaign: `/api/campaigns/${owned.campaign}`,
      wallet: `/api/user-wallets/${owned.wallet}/balance`,
      deposit: `/payments/deposits/${owned.deposit}`,
      instance: `/whatsapp/instances/${owned.instance}`,
    };
    for (const url of Object.values(ownViews)) {
      const own = await t.app.inject({ method: 'GET', url, headers: bearer(a.token) });
      expect({ url, status: own.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('should keep passwords, tokens, codes, CPFs, e-mails, phones and configured secrets out of the log', async () => {
    const email = uniqueEmail('sigilo');
    const password = 'SenhaSigilosa987';
    const user = await registerUser(t.app, { email, password });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const token = login.json().access_token as string;

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    const mails = () =>
      t.database.db.selectFrom('mail_outbox').select('body_text').where('to_address', '=', email).orderBy('id', 'desc');
    const code = /^ *(\d{6})$/m.exec((await mails().executeTakeFirstOrThrow()).body_text)![1]!;
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(token),
      payload: { code },
    });
    expect(verify.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).statusCode,
    ).toBe(200);
    const resetToken = /redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(
      (await mails().executeTakeFirstOrThrow()).body_text,
    )![1]!;
    const newPassword = 'SenhaNovaSigilo321';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.statusCode).toBe(200);

    const campaign = await publishedCampaign(t.app, { priceCents: 1000 });
    const cpf = cpfFromBase('318257446');
    const phone = '11976541234';
    const buyerEmail = 'comprador.sigiloso@example.com';
    const buyer = await t.app.inject({
      method: 'POST',
      url: '/public/buyers',
      payload: { name: 'Comprador Sigiloso', phone, cpf, email: buyerEmail },
    });
    expect(buyer.statusCode).toBe(201);
    const purchase = await buy(t.app, { buyer_phone: phone, campaign_link: campaign.link, total_tickets: 3 });
    expect(purchase.statusCode).toBe(201);
    const hash = purchase.json().data.purchase_hash as string;
    const charge = await chargeOf(t.database.db, (await purchaseRow(t.database.db, hash)).id);
    const paid = await t.app.inject({ method: 'POST', url: `/payments/sandbox/charges/${charge.txid}/pay` });
    expect(paid.statusCode).toBe(200);
    // The PSP's webhook again, as a replay, with the sandbox's secret header.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/payments/webhook/pix',
      headers: { 'content-type': 'application/json', [SANDBOX_WEBHOOK_SECRET_HEADER]: WEBHOOK_SECRET },
      payload: JSON.stringify(paid.json().data.webhook),
    });
    expect(replay.statusCode).toBe(200);
    expect((await purchaseRow(t.database.db, hash)).status_id).toBe(2);

    // An operator's login in two steps and an invitation (issue 32).
    const operatorEmail = uniqueEmail('operadora.sigilosa');
    const operatorPassword = 'OperadoraSigilo123';
    await t.app.services.operators.create({ name: 'Operadora', email: operatorEmail, password: operatorPassword });
    const step1 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: operatorEmail, password: operatorPassword },
    });
    const { challenge, totp_setup: setup } = step1.json();
    const step2 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      payload: { challenge, code: totpCode(setup.secret) },
    });
    expect(step2.statusCode).toBe(200);
    const operatorToken = step2.json().token as string;
    const invitedEmail = uniqueEmail('convidada.sigilosa');
    const invitation = await t.app.inject({
      method: 'POST',
      url: '/api/admin/operators/invites',
      headers: bearer(operatorToken),
      payload: { email: invitedEmail, name: 'Convidada' },
    });
    expect(invitation.statusCode).toBe(201);

    const log = lines.join('');
    expect(log).toContain('"url":"/payments/webhook/pix"');
    const formattedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const secrets = {
      password,
      newPassword,
      'registration token': user.token,
      'login token': token,
      'e-mail code': code,
      'reset token': resetToken,
      'organiser e-mail': email,
      'buyer e-mail': buyerEmail,
      cpf,
      formattedCpf,
      phone,
      'purchase hash': hash,
      'buyer data secret': TEST_BUYER_DATA_SECRET,
      'webhook secret': WEBHOOK_SECRET,
      'operator e-mail': operatorEmail,
      'operator password': operatorPassword,
      'operator TOTP secret': setup.secret as string,
      'operator login challenge': challenge as string,
      'operator token': operatorToken,
      'invited e-mail': invitedEmail,
    };
    const leaked = Object.entries(secrets)
      .filter(([, value]) => log.includes(value))
      .map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});

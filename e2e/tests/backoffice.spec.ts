import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { expect, test as base, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import { baseURL as sharedBaseURL } from '../playwright.config';
import { METRICS_TOKEN, operatorFirstSignIn, startBackofficeServer, type BackofficeServer } from './backoffice-support';
import {
  PASSWORD,
  applyForWallet,
  paidPurchase,
  phonePage,
  publishedCampaign,
  randomCpf,
  reservedPurchase,
  shortDrawDatetime,
  signIn,
  uniqueEmail,
  verifyDraw,
  walletActive,
  type BuyerPurchase,
} from './support';

// Issue 32, "Done when" 1–7: the operators' back office, in Chromium, against an API process of this file's own
// (backoffice-support.ts: KYC_PROVIDER=manual, METRICS_TOKEN, AUTO_DRAW_AFTER_HOURS=0, a first operator, a fresh
// PGlite or PostgreSQL database), which item 2 kills with SIGKILL while it refunds and starts again. The steps share
// that server and run in order: the 'Sorteio Rifaria' campaign of item 6 is created first and drawn by the worker
// while the other items run; the last step stops the server and reads its database (the PSP's refunds, the erased
// buyer).

const test = base.extend<object, { server: BackofficeServer }>({
  server: [
    async ({}, provide) => {
      const server = await startBackofficeServer();
      await provide(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.baseURL),
});
test.describe.configure({ mode: 'serial' });

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
/** The operator's session: the console's cookie (each test's browser context gets it) and it as a bearer token. */
const session = { operator: {} as Headers, cookies: [] as Cookie[] };
/** What later steps check: item 6's campaign, item 2's purchases, item 7's erased buyer. */
const shared: {
  /** Item 6's organiser, who also sells item 3's unheard-of Pix. */
  organiser?: Headers;
  unheard?: { hash: string; txid: string };
  autoDraw?: { id: number; link: string; commitment: string; at: Date };
  refunded?: BuyerPurchase[];
  killedAt?: Date;
  erased?: BuyerPurchase;
  erasedRequest?: string;
} = {};

/** GET as the operator, 200, its JSON. */
async function adminGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const reply = await request.get(url, { headers: session.operator });
  expect(reply.status(), `${url}: ${await reply.text()}`).toBe(200);
  return (await reply.json()) as T;
}

/** POST as the operator, 2xx, its JSON. */
async function adminPost<T>(request: APIRequestContext, url: string, data: unknown = {}): Promise<T> {
  const reply = await request.post(url, { headers: session.operator, data });
  expect(reply.ok(), `${url}: ${reply.status()} ${await reply.text()}`).toBe(true);
  return (await reply.json()) as T;
}

interface Opening {
  id: string;
  name: string;
}

/** The pending account opening of `name` in the operator's queue (its id). */
async function pendingOpening(request: APIRequestContext, name: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const queue = await adminGet<{ items: Opening[] }>(request, '/api/admin/account-openings?status=pending');
      id = queue.items.find((item) => item.name === name)?.id;
      return id;
    })
    .toBeTruthy();
  return String(id);
}

/** An organiser whose wallet the operator approved through the API (item 1 does it in the console). */
async function approvedOrganiser(
  request: APIRequestContext,
  name: string,
): Promise<{ email: string; headers: Headers }> {
  const email = uniqueEmail('organizadora');
  const headers = bearer(await applyForWallet(request, name, email, randomCpf()));
  await adminPost(request, `/api/admin/account-openings/${await pendingOpening(request, name)}/approve`);
  await walletActive(request, headers);
  return { email, headers };
}

interface AuditItem {
  operator: { id: string; name: string } | null;
  action: string;
  target_type: string;
  target_id: string;
}

/** The audit log's entries of `action` on `targetId`. */
async function audited(request: APIRequestContext, action: string, targetId: string | number): Promise<AuditItem[]> {
  const log = await adminGet<{ items: AuditItem[] }>(
    request,
    `/api/admin/audit-log?action=${encodeURIComponent(action)}&target_id=${encodeURIComponent(String(targetId))}`,
  );
  return log.items.filter((item) => item.action === action && item.target_id === String(targetId));
}

const publicStatusOf = async (request: APIRequestContext, hash: string): Promise<string> => {
  const view = (await (await request.get(`/public/purchases/${hash}`)).json()) as {
    data: { status: { name: string } };
  };
  return view.data.status.name;
};

/** The wallet's 'Futuro' (or 'Disponível') amount as /carteiras shows it, balance revealed. */
const walletAmount = (page: Page, label: 'Futuro' | 'Disponível') =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

/** The console's screen `section`, through its navigation. */
async function operatorPage(page: Page, section: string): Promise<void> {
  if (!page.url().includes('/admin')) {
    await page.context().addCookies(session.cookies);
    await page.goto('/admin');
  }
  await page.getByRole('navigation', { name: 'Navegação da operação' }).getByRole('link', { name: section }).click();
  await expect(page.getByRole('heading', { name: section, level: 1 })).toBeVisible();
}

// A 1×1 PNG of another colour: the corrected document is not the rejected file.
const PNG_1x1_SHARP = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNQSDjwHwAEJAJA6qdhxgAAAABJRU5ErkJggg==',
  'base64',
);

/** The console's review of `name`'s pending account opening, from the queue: the opening's id. */
async function openingUnderReview(page: Page, name: string): Promise<string> {
  await operatorPage(page, 'Abertura de contas');
  await page.getByRole('link', { name: `Analisar ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Análise da abertura de conta: ${name}` })).toBeVisible();
  return /abertura-de-contas\/([^/?#]+)/.exec(page.url())![1]!;
}

interface TrialBalance {
  accounts: { code: string; balance: string | number }[];
  total: string | number;
  organisers: {
    user_id: number;
    name: string;
    ledger_pending: string | number;
    ledger_available: string | number;
    wallet_pending: string | number;
    wallet_available: string | number;
  }[];
}

test('the operator signs in with password and code; organisers and strangers get 404 from /api/admin/*', async ({
  page,
  browser,
  playwright,
  server,
}) => {
  test.setTimeout(120_000);
  // Item 1's sign-in: the first login enrols the authenticator (QR code and secret), the code comes from the secret.
  const { token } = await operatorFirstSignIn(page);
  session.operator = bearer(token);
  session.cookies = await page.context().cookies();
  await expect(page.getByRole('navigation', { name: 'Navegação da operação' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abertura de contas' })).toBeVisible();

  // Item 6 starts here: a 'Sorteio Rifaria' campaign drawing as soon as the API allows, sold before sales close.
  const organiser = await approvedOrganiser(page.request, 'Organizadora do Sorteio Automático');
  shared.organiser = organiser.headers;
  const draw = shortDrawDatetime();
  const campaign = await publishedCampaign(page.request, organiser.headers, {
    name: `Sorteio esquecido ${Date.now()}`,
    drawTypeId: 2,
    price: 3,
    awards: ['Bicicleta'],
    drawDatetime: draw.wallClock,
  });
  await paidPurchase(page.request, campaign.link, 'Daniela Prado', 4);
  await paidPurchase(page.request, campaign.link, 'Eduardo Reis', 2);
  const commitment = (
    (await (await page.request.get(`/public/campaigns/${campaign.link}`)).json()) as {
      data: { draw_commitment: string };
    }
  ).data.draw_commitment;
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  shared.autoDraw = { id: campaign.id, link: campaign.link, commitment, at: draw.at };

  // Item 5: every /api/admin/* route of the OpenAPI document (the login and the invitation's acceptance aside)
  // answers an organiser's token, and no token, exactly as a route that does not exist.
  const anonymous = await playwright.request.newContext({ baseURL: server.baseURL });
  const organiserEmail = uniqueEmail('curioso');
  const organiserToken = await applyForWallet(anonymous, 'Organizador Curioso', organiserEmail, randomCpf());
  const nobody = await playwright.request.newContext({ baseURL: server.baseURL });
  const unknown = await nobody.get('/api/admin/nao-existe');
  expect(unknown.status()).toBe(404);
  const notFound = await unknown.text();
  const docs = (await (await nobody.get('/api/docs/json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const open = new Set(['/api/admin/login', '/api/admin/login/totp', '/api/admin/invites/accept']);
  const routes = Object.entries(docs.paths)
    .filter(([url]) => url.startsWith('/api/admin/') && !open.has(url))
    .flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => ({ method, url: url.replace(/\{[^}]+\}/g, '1') })),
    );
  const contract = ['/api/admin/me', '/api/admin/audit-log', '/api/admin/account-openings', '/api/admin/campaigns'];
  expect(routes.map((route) => route.url)).toEqual(expect.arrayContaining(contract));
  for (const { method, url } of routes) {
    for (const [who, context, headers] of [
      ['organiser', anonymous, bearer(organiserToken)],
      ['nobody', nobody, {}],
    ] as const) {
      const reply = await context.fetch(url, { method, headers, data: method === 'get' ? undefined : {} });
      expect(reply.status(), `${method.toUpperCase()} ${url} (${who})`).toBe(404);
      expect(await reply.text(), `${method.toUpperCase()} ${url} (${who})`).toBe(notFound);
    }
  }
  // ... and an organiser opening the console in the browser sees the organiser's 404 page.
  const organiserPage = await browser.newPage();
  await signIn(organiserPage, organiserEmail, PASSWORD);
  await organiserPage.goto('/admin/abertura-de-contas');
  await expect(organiserPage.getByRole('heading', { name: 'Página não encontrada', level: 1 })).toBeVisible();
  await expect(organiserPage.getByRole('navigation', { name: 'Navegação da operação' })).toHaveCount(0);
  await organiserPage.close();
  await anonymous.dispose();
  await nobody.dispose();
});

test('item 1: manual KYC: rejected with a reason, corrected and resent by the organiser, approved; all audited', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = 'Karina Tavares';
  const email = uniqueEmail('karina');
  await applyForWallet(request, name, email, randomCpf());

  // The operator finds the opening in the queue ('Em análise'), reads the automatic checks and rejects it.
  const rejectedId = await openingUnderReview(page, name);
  const checks = page.getByRole('region', { name: 'Verificações automáticas' });
  for (const check of ['CPF válido: sim', 'Maior de idade: sim', 'CPF único: sim']) {
    await expect(checks.getByText(check)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Reprovar' }).click();
  const reject = page.getByRole('dialog', { name: 'Reprovar abertura de conta' });
  await reject.getByRole('radio', { name: 'Documento ilegível' }).check();
  await reject.getByRole('textbox', { name: 'Detalhes para o organizador' }).fill('A foto da CNH está tremida.');
  await reject.getByRole('button', { name: 'Reprovar' }).click();
  await expect(page.getByText('Abertura de conta reprovada. O organizador foi avisado.')).toBeVisible();

  // The organiser is told by e-mail and on /carteiras, and corrects and resends through the wizard (data kept).
  await expect
    .poll(async () => {
      const mailbox = (await (await request.get(`/api/sandbox/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
        data: { subject: string; text: string }[];
      };
      return mailbox.data.some((mail) => /Documento ilegível/i.test(`${mail.subject}\n${mail.text}`));
    })
    .toBe(true);
  const organiser = await browser.newPage();
  await signIn(organiser, email, PASSWORD);
  await organiser.goto('/carteiras');
  await expect(organiser.getByRole('heading', { name: 'Solicitação não aprovada' })).toBeVisible();
  await expect(organiser.getByText('Documento ilegível')).toBeVisible();
  await expect(organiser.getByText('A foto da CNH está tremida.')).toBeVisible();
  await organiser.getByRole('link', { name: 'Corrigir e reenviar' }).click();
  await expect(organiser).toHaveURL(/\/carteira\/adicionar$/);
  await expect(organiser.getByRole('textbox', { name: 'Nome completo' })).toHaveValue(name);
  await expect(organiser.getByRole('textbox', { name: 'Telefone' })).toHaveValue('(11) 98765-4321');
  await organiser.getByRole('button', { name: 'Próximo' }).click();
  await expect(organiser.getByRole('heading', { name: 'Endereço' })).toBeVisible();
  await expect(organiser.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Praça da Sé');
  await organiser.getByRole('button', { name: 'Próximo' }).click();
  await expect(organiser.getByRole('heading', { name: 'Documento' })).toBeVisible();
  await organiser
    .getByLabel('Arquivo do documento')
    .setInputFiles({ name: 'cnh-nitida.png', mimeType: 'image/png', buffer: PNG_1x1_SHARP });
  await organiser.getByRole('button', { name: 'Próximo' }).click();
  await expect(organiser.getByRole('heading', { name: 'Finalização' })).toBeVisible();
  await organiser.getByRole('button', { name: 'Finalizar Abertura' }).click();
  await expect(organiser.getByRole('dialog', { name: 'Conta em Processo!' })).toBeVisible();
  await expect(organiser).toHaveURL(/\/carteiras$/, { timeout: 10_000 });

  // The operator approves the resent opening; the organiser's wallet becomes active.
  const approvedId = await openingUnderReview(page, name);
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText('Abertura de conta aprovada.')).toBeVisible();
  await organiser.reload();
  await expect(organiser.getByRole('button', { name: 'Depositar' })).toBeVisible({ timeout: 20_000 });
  await organiser.close();

  // Every step in the audit log, by this operator: the sign-in, the rejection, the approval.
  const me = await adminGet<{ id: string; name: string }>(request, '/api/admin/me');
  for (const [action, target] of [
    ['account_opening.reject', rejectedId],
    ['account_opening.approve', approvedId],
    ['operator.login', me.id],
  ] as const) {
    const entries = await audited(request, action, target);
    expect(entries.length, `${action} ${target}`).toBeGreaterThanOrEqual(1);
    expect(entries[0]!.operator?.id).toBe(me.id);
  }
  // ... as its screen shows them.
  await operatorPage(page, 'Auditoria');
  const log = page.getByRole('table', { name: 'Registro de auditoria' });
  for (const [action, target] of [
    ['account_opening.reject', rejectedId],
    ['account_opening.approve', approvedId],
    ['operator.login', me.id],
  ] as const) {
    const row = log
      .getByRole('row')
      .filter({ hasText: action })
      .filter({ has: page.getByRole('cell', { name: new RegExp(`^[a-z_]+ #${target}$`) }) });
    await expect(row.first()).toContainText(me.name);
  }
});

interface Reconciliation {
  psp_count: number;
  ledger_count: number;
  mismatches: { id: string; kind: string; txid: string; e2eid: string; amount: number }[];
}

/** Item 3 in the console: today's reconciliation run with 'Conciliar agora', showing `count` mismatches. */
async function reconcileInConsole(page: Page, count: number): Promise<void> {
  await operatorPage(page, 'Conciliação');
  await page.getByLabel('Dia').fill(today());
  await page.getByRole('button', { name: 'Conciliar agora' }).click();
  await expect(page.getByText('Conciliação concluída.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Divergências: ${count}` })).toBeVisible();
}

/** Today in São Paulo (UTC−3 all year), 'YYYY-MM-DD'. */
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** Item 3: the reconciliation of today, run again now. */
async function reconcileToday(request: APIRequestContext): Promise<Reconciliation> {
  await adminPost(request, '/api/admin/reconciliation/run', { date: today() });
  return adminGet<Reconciliation>(request, `/api/admin/reconciliation?date=${today()}`);
}

test('item 3, before: the day reconciles with 0 mismatches; a reservation whose Pix the API will not hear of', async ({
  page,
  request,
}) => {
  await reconcileInConsole(page, 0);
  await expect(page.getByText('Nenhuma divergência: o livro confere com o PSP.')).toBeVisible();
  const clean = await reconcileToday(request);
  expect(clean.mismatches).toEqual([]);
  expect(clean.psp_count).toBe(clean.ledger_count);
  // Reserved now, its charge paid at the PSP while the API is down (item 2): the webhook never comes, and the
  // worker does not ask the PSP within PIX_RECONCILE_AFTER_SECONDS.
  const campaign = await publishedCampaign(request, shared.organiser!, {
    name: `Rifa da conciliação ${Date.now()}`,
    drawTypeId: 2,
    price: 7,
    awards: ['Liquidificador'],
    drawDatetime: shortDrawDatetime(10 * 24 * 3_600_000).wallClock,
  });
  const { hash, txid } = await reservedPurchase(request, campaign.link, 'Irene Campos', 1);
  shared.unheard = { hash, txid };
});

test('item 2: a reported campaign is suspended, then cancelled with refunds that survive a kill -9', async ({
  page,
  browser,
  request,
  server,
}) => {
  test.setTimeout(300_000);
  const organiser = await approvedOrganiser(request, 'Organizadora Denunciada');
  const name = `Rifa denunciada ${Date.now()}`;
  const campaign = await publishedCampaign(request, organiser.headers, {
    name,
    drawTypeId: 2,
    price: 5,
    awards: ['Televisão'],
    drawDatetime: shortDrawDatetime(10 * 24 * 3_600_000).wallClock,
  });
  const purchases = [
    await paidPurchase(request, campaign.link, 'Fabiana Rocha', 2),
    await paidPurchase(request, campaign.link, 'Gustavo Nunes', 3),
    await paidPurchase(request, campaign.link, 'Helena Dias', 1),
  ];
  shared.refunded = purchases;

  // A buyer reports it from the public page.
  const buyer = await phonePage(browser, { baseURL: server.baseURL });
  await buyer.goto(`/p/${campaign.link}`);
  await buyer.getByRole('button', { name: 'Denunciar campanha' }).click();
  const report = buyer.getByRole('dialog', { name: 'Denunciar campanha' });
  await report.getByRole('radio', { name: 'Golpe' }).check();
  await report.getByRole('textbox', { name: 'O que aconteceu?' }).fill('O prêmio não existe, o perfil é falso.');
  await report.getByRole('textbox', { name: 'Seu telefone (opcional)' }).fill(purchases[0]!.phone);
  await report.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(report.getByText('Denúncia enviada. Obrigado: a equipe da Rifaria vai analisar.')).toBeVisible();
  await report.getByRole('button', { name: 'Fechar' }).first().click();

  // The operator sees it in 'Denúncias' and suspends the campaign from there: the public page says so.
  await operatorPage(page, 'Denúncias');
  await expect(page.getByText('O prêmio não existe, o perfil é falso.')).toBeVisible();
  await page
    .getByRole('button', { name: `Suspender ${name}` })
    .first()
    .click();
  const suspend = page.getByRole('dialog', { name: `Suspender campanha: ${name}` });
  await suspend.getByRole('textbox', { name: 'Motivo' }).fill('Denúncia de golpe em análise.');
  await suspend.getByRole('button', { name: 'Suspender' }).click();
  await expect(page.getByText('Campanha suspensa.')).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByText('Campanha suspensa').first()).toBeVisible();

  // Then cancels it with refunds, and the API is killed while the worker refunds, then started again.
  await operatorPage(page, 'Campanhas');
  await page.getByRole('textbox', { name: 'Id, link ou nome da campanha' }).fill(name);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Cancelar com reembolso ${name}` }).click();
  const cancel = page.getByRole('dialog', { name: `Cancelar com reembolso: ${name}` });
  await cancel.getByRole('textbox', { name: 'Motivo' }).fill('Prêmio inexistente, confirmado pela operação.');
  // The API is killed the moment it answers: the worker refunds from its next tick, so the kill falls before,
  // between or after the PSP's refunds (the last step says how many were made before it); none may be made twice.
  const answered = page.waitForResponse((response) => response.url().endsWith(`/campaigns/${campaign.id}/cancel`));
  await cancel.getByRole('button', { name: 'Cancelar com reembolso' }).click();
  expect((await answered).status()).toBe(200);
  await server.kill();
  shared.killedAt = new Date();
  await expect(page.getByText('Campanha cancelada. Os reembolsos estão em andamento.')).toBeVisible();
  // Meanwhile the PSP receives item 3's Pix, and its webhook is lost with the process.
  await server.query(
    `UPDATE sandbox_pix_charges SET status = 'CONCLUIDA', end_to_end_id = $2, paid_at = now() WHERE txid = $1`,
    [shared.unheard!.txid, `E99999999${Date.now()}`.padEnd(32, 'X')],
  );
  await server.start();
  const refundedAtPsp = async () => {
    const done = await adminGet<{ items: { purchase_hash: string }[] }>(request, '/api/admin/refunds?status=refunded');
    return purchases.filter(({ hash }) => done.items.some((item) => item.purchase_hash === hash)).length;
  };
  // The PSP confirms the 3 refunds (one claimed when the process died waits for its lease to lapse).
  await expect.poll(refundedAtPsp, { timeout: 90_000, intervals: [1_000] }).toBe(3);
  for (const { hash } of purchases) expect(await publicStatusOf(request, hash)).toBe('Reembolsado');

  // Each buyer sees 'Reembolsado' on the checkout.
  for (const { hash } of purchases) {
    await buyer.goto(`/p/checkout?compra=${hash}`);
    await expect(buyer.getByText('Reembolsado').first()).toBeVisible();
  }
  await buyer.context().close();

  // The organiser's 'Futuro' is back to R$ 0,00; the trial balance totals 0 and agrees with every wallet.
  const organiserPage = await browser.newPage();
  await signIn(organiserPage, organiser.email, PASSWORD);
  await organiserPage.goto('/carteiras');
  await organiserPage.getByRole('button', { name: 'Mostrar saldo' }).click();
  await expect(walletAmount(organiserPage, 'Futuro')).toHaveText(/R\$\s0,00/);
  await organiserPage.close();
  const balance = await adminGet<TrialBalance>(request, '/api/admin/ledger/trial-balance');
  expect(Number(balance.total)).toBe(0);
  for (const row of balance.organisers) {
    expect(Number(row.ledger_pending), row.name).toBe(Number(row.wallet_pending));
    expect(Number(row.ledger_available), row.name).toBe(Number(row.wallet_available));
  }
  expect(Number(balance.organisers.find((row) => row.name === 'Organizadora Denunciada')?.ledger_pending)).toBe(0);
  await operatorPage(page, 'Balancete');
  await expect(page.getByText(/^Total: R\$\s0,00$/)).toBeVisible();
  const books = page.getByRole('row').filter({ hasText: 'Organizadora Denunciada' });
  // 'Futuro (livro)' and 'Futuro (carteira)'.
  await expect(books.getByRole('cell').nth(1)).toHaveText(/R\$\s0,00/);
  await expect(books.getByRole('cell').nth(2)).toHaveText(/R\$\s0,00/);
  await expect(books).toContainText('Confere');

  // The operator's actions are in the audit log.
  for (const action of ['campaign.suspend', 'campaign.cancel']) {
    expect(await audited(request, action, campaign.id), action).toHaveLength(1);
  }
});

test('item 3, after: the Pix the API did not hear of is 1 mismatch; its replay credits it and leaves 0', async ({
  page,
  request,
}) => {
  const { hash, txid } = shared.unheard!;
  const found = await reconcileToday(request);
  expect(found.mismatches).toEqual([expect.objectContaining({ kind: 'missing_in_ledger', txid, amount: 700 })]);
  expect(found.psp_count).toBe(found.ledger_count + 1);
  await reconcileInConsole(page, 1);
  const mismatch = page.getByRole('table', { name: 'Divergências' }).getByRole('row').filter({ hasText: txid });
  await expect(mismatch).toContainText('Pago no PSP, ausente no livro');
  await expect(mismatch).toContainText(/R\$\s7,00/);
  await mismatch.getByRole('button', { name: 'Reprocessar' }).click();
  await expect(page.getByText('Confirmação reprocessada.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Divergências: 0' })).toBeVisible();

  expect(await publicStatusOf(request, hash)).toBe('Pago');
  const again = await reconcileToday(request);
  expect(again.mismatches).toEqual([]);
  expect(again.psp_count).toBe(again.ledger_count);
  expect(await audited(request, 'reconciliation.replay', found.mismatches[0]!.id)).toHaveLength(1);
});

test('item 4: /metrics with the token passes promtool and counts the purchases; 401 without it, 404 unset', async ({
  request,
}) => {
  const metrics = await request.get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(metrics.status()).toBe(200);
  const text = await metrics.text();
  const checked = execFileSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect(checked).not.toMatch(/error/i);
  // The purchases made so far on this fresh database: item 6's 2, item 3's 1 and item 2's 3, those 3 refunded.
  const purchases = (event: string) =>
    Number(new RegExp(`^rifaria_purchases_total\\{event="${event}"[^}]*\\} (\\d+)$`, 'm').exec(text)?.[1]);
  expect(purchases('reserved')).toBe(6);
  expect(purchases('paid')).toBe(6);
  expect(purchases('refunded')).toBe(3);
  expect((await request.get('/metrics')).status()).toBe(401);
  expect((await request.get('/metrics', { headers: { authorization: 'Bearer errado' } })).status()).toBe(401);
  // The shared journeys' server runs without METRICS_TOKEN.
  expect(
    (await request.get(`${sharedBaseURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status(),
  ).toBe(404);
});

test('item 7: a buyer deletion request, confirmed by code and executed by the operator, leaves the ledger as it was', async ({
  page,
  browser,
  request,
  server,
}) => {
  const organiser = await approvedOrganiser(request, 'Organizadora da Privacidade');
  const campaign = await publishedCampaign(request, organiser.headers, {
    name: `Rifa da privacidade ${Date.now()}`,
    drawTypeId: 2,
    price: 4,
    awards: ['Cafeteira'],
    drawDatetime: shortDrawDatetime(10 * 24 * 3_600_000).wallClock,
  });
  const erased = await paidPurchase(
    request,
    campaign.link,
    `Titular Apagável ${Date.now()}`,
    2,
    uniqueEmail('titular'),
  );
  shared.erased = erased;
  const ledgerBefore = await adminGet<TrialBalance>(request, '/api/admin/ledger/trial-balance');

  // The buyer asks from 'Meus números' and confirms with the code sent by WhatsApp (the sandbox's mailbox).
  const buyer = await phonePage(browser, { baseURL: server.baseURL });
  await buyer.goto(`/p/${campaign.link}/meus-numeros`);
  await buyer.getByRole('button', { name: 'Meus dados (LGPD): cópia ou exclusão' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Meus dados (LGPD)' });
  await dialog.getByRole('radio', { name: 'Apagar meus dados' }).check();
  await dialog.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(erased.phone);
  await dialog.getByRole('textbox', { name: 'CPF' }).fill(erased.cpf);
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Código de 6 dígitos' })).toBeVisible();
  const messages = (await (await request.get(`/api/sandbox/mailbox?to=${erased.phone}`)).json()) as {
    data: { text: string }[];
  };
  const code = messages.data
    .filter((message) => /código/i.test(message.text))
    .map((message) => /\b(\d{6})\b/.exec(message.text)?.[1])
    .find(Boolean);
  expect(code).toMatch(/^\d{6}$/);
  await dialog.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(code!);
  await dialog.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Pedido confirmado. A equipe da Rifaria responde em até 15 dias.',
  );
  await buyer.context().close();

  // The operator executes it from the queue.
  const queue = await adminGet<{ items: { id: string; kind: string; buyer: { name: string } }[] }>(
    request,
    '/api/admin/privacy-requests?status=pending',
  );
  const queued = queue.items.find((item) => item.kind === 'deletion' && item.buyer.name === erased.name);
  expect(queued, JSON.stringify(queue.items)).toBeTruthy();
  await operatorPage(page, 'Privacidade (LGPD)');
  const row = page.getByRole('table', { name: 'Pedidos LGPD' }).getByRole('row').filter({ hasText: erased.name });
  await expect(row).toContainText('Exclusão dos dados');
  await row.getByRole('button', { name: 'Excluir dados' }).click();
  await page
    .getByRole('dialog', { name: 'Excluir os dados do titular' })
    .getByRole('button', { name: 'Excluir dados' })
    .click();
  await expect(page.getByText('Dados do titular excluídos.')).toBeVisible();
  expect(await audited(request, 'privacy.delete', queued!.id)).toHaveLength(1);
  shared.erasedRequest = queued!.id;

  const ledgerAfter = await adminGet<TrialBalance>(request, '/api/admin/ledger/trial-balance');
  expect(ledgerAfter.accounts).toEqual(ledgerBefore.accounts);
  expect(Number(ledgerAfter.total)).toBe(0);
});

test('item 6: the overdue Sorteio Rifaria campaign is drawn by the worker and npm run verify-draw agrees', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { id, link, commitment, at } = shared.autoDraw!;
  // Nobody draws it: the worker does, once its draw datetime has passed (AUTO_DRAW_AFTER_HOURS=0).
  await expect
    .poll(async () => (await request.get(`/public/campaigns/${link}/result`)).status(), {
      timeout: Math.max(at.getTime() - Date.now(), 0) + 60_000,
      intervals: [1_000],
    })
    .toBe(200);
  const [auto] = await audited(request, 'draw.auto', id);
  expect(auto?.operator).toBeNull();
  await page.goto(`/p/${link}/resultado`);
  await expect(page.getByRole('list', { name: 'Ganhadores' }).getByRole('listitem')).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Baixar arquivo de verificação/ }).click(),
  ]);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  expect(fs.existsSync(file)).toBe(true);
  expect(verifyDraw(file, commitment)).toContain(
    'Sorteio verificado: tudo confere com o que foi publicado antes do sorteio.',
  );
});

test('the database, once the API stops: 3 refunds at the PSP, none twice; nothing left of the erased buyer', async ({
  server,
}) => {
  test.setTimeout(120_000);
  await server.stop();
  const refunds = await server.query(
    `SELECT p.purchase_hash, p.total_cents::int AS paid, count(r.*)::int AS refunds,
            coalesce(sum(r.amount_cents), 0)::int AS refunded
       FROM purchases p
       JOIN pix_charges pc ON pc.purpose = 'purchase' AND pc.reference_id = p.id
       JOIN sandbox_pix_charges sc ON sc.txid = pc.txid
       LEFT JOIN sandbox_pix_refunds r ON r.end_to_end_id = sc.end_to_end_id
      WHERE p.purchase_hash = ANY($1)
      GROUP BY p.purchase_hash, p.total_cents`,
    [shared.refunded!.map((purchase) => purchase.hash)],
  );
  // Each of the 3 paid purchases refunded once, in full, by the sandbox PSP: no refund twice after the kill.
  expect(refunds).toHaveLength(3);
  for (const row of refunds) {
    expect(row.refunds, String(row.purchase_hash)).toBe(1);
    expect(row.refunded, String(row.purchase_hash)).toBe(row.paid);
  }
  const [atKill] = await server.query(
    `SELECT count(*) FILTER (WHERE created_at < $1)::int AS before, count(*)::int AS total FROM sandbox_pix_refunds`,
    [shared.killedAt],
  );
  test.info().annotations.push({ type: 'refunds at the PSP before the kill', description: `${atKill!.before} of 3` });

  // Item 7: the erased buyer's name, phone, CPF and e-mail are in no table, in any form they were typed or shown.
  // Two exceptions, on purpose: the sandbox PSP's own records (they stand for the PSP's, which the platform cannot
  // erase), and the deletion's last message to the buyer, which the worker erases once it is delivered (no SMTP
  // here: the e-mail stays queued, so both stay until NOTICE_TTL_DAYS).
  const buyer = shared.erased!;
  const lastNotice = `privacy_deleted:${shared.erasedRequest!}`;
  const cpf = buyer.cpf;
  const phone = buyer.phone;
  const traces = [
    buyer.name,
    buyer.email!,
    cpf,
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    phone,
    `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`,
  ].map((trace) => `%${trace}%`);
  const found = await server.session(async (query) => {
    const tables = await query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'sandbox_pix_%'`,
    );
    expect(tables.length).toBeGreaterThan(30);
    const holding: string[] = [];
    for (const { table_name: table } of tables) {
      const rows = await query(`SELECT t::text AS row FROM "${String(table)}" t WHERE t::text ILIKE ANY($1) LIMIT 3`, [
        traces,
      ]);
      for (const { row } of rows) {
        // But the deletion's own notice ('seus dados foram apagados'), addressed to them until it is delivered.
        const notice = /^(mail|whatsapp)_outbox$/.test(String(table)) && String(row).includes(lastNotice);
        if (!notice) holding.push(`${String(table)}: ${String(row).slice(0, 400)}`);
      }
    }
    return holding;
  });
  expect(found).toEqual([]);
});

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

export const PASSWORD = 'Segura123';

/** The demo organiser and its published campaign, created by the server at its first start. */
export const DEMO = { email: 'demo@rifaria.com.br', password: 'Rifaria123' };
export const DEMO_LINK = 'rifa-demo-iphone-16-pro';
export const DEMO_NAME = 'Rifa Demo iPhone 16 Pro';

/** Fills the sign-up form with valid data and sends it (the success screen shows for 2 s, then the dashboard). */
export async function submitSignUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/cadastro');
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail profissional').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await expect(page.getByText('Senhas coincidem')).toBeVisible();
  await expect(page.getByText('Forte')).toBeVisible();
  await page.getByRole('button', { name: 'Explorar a Rifaria' }).click();
}

/** Signs a new organiser up through the UI and waits for the dashboard. */
export async function signUp(page: Page, name: string, email: string): Promise<void> {
  await submitSignUp(page, name, email);
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await expect(page.getByText('Redirecionando você para o seu painel de controle...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;

/**
 * The session token: the HttpOnly cookie the API set at login (no script on the page can read it; the test reads it
 * from the browser context to call the API as a bearer client).
 */
export const sessionToken = async (page: Page): Promise<string | null> =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'rifaria_session')?.value ?? null;

// A 1×1 PNG: a real image by its magic bytes, as the server checks.
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A new organiser, registered and applying for a digital wallet through the API (the wallet journey covers the
 * wizard's UI). Returns the bearer token.
 */
export async function applyForWallet(
  api: APIRequestContext,
  name: string,
  email: string,
  cpf: string,
): Promise<string> {
  const registered = await api.post('/api/auth/register', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const body = (await registered.json()) as { access_token?: string; token?: string };
  const token = body.access_token ?? body.token ?? '';
  const opened = await api.post('/digital-wallets/abrir-conta', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name,
      email,
      cpf,
      phone: '11987654321',
      birthdate: '1990-03-15',
      street: 'Praça da Sé',
      number: '100',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01001000',
      complement: '',
      documentType: '2',
      documentFile: { name: 'cnh.png', mimeType: 'image/png', buffer: PNG_1x1 },
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  return token;
}

/** Until the organiser's wallet is active (`headers`: its bearer token). */
export async function walletActive(api: APIRequestContext, headers: Record<string, string>): Promise<void> {
  await expect
    .poll(
      async () => {
        const wallets = (await (await api.get('/api/user-wallets', { headers })).json()) as {
          data: { status?: string; is_active?: boolean }[];
        };
        return JSON.stringify(wallets.data);
      },
      { timeout: 20_000 },
    )
    .toContain('"status":"active"');
}

/**
 * An organiser with an approved digital wallet, set up through the API (the sandbox KYC reviewer approves it after
 * KYC_SANDBOX_APPROVAL_DELAY_MS), then signed in through the login page. Returns the bearer token.
 */
export async function organiserWithWallet(page: Page, name: string, email: string, cpf: string): Promise<string> {
  const token = await applyForWallet(page.request, name, email, cpf);
  await walletActive(page.request, { authorization: `Bearer ${token}` });
  await signIn(page, email, PASSWORD);
  return token;
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar na minha conta' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A campaign of the signed-in organiser on its first wallet, through the API: `data` over a draft's defaults (no
 * banner, no draw date). Its id and public link.
 */
export async function campaignByApi(
  api: APIRequestContext,
  headers: Record<string, string>,
  data: Record<string, unknown>,
): Promise<{ id: number; link: string }> {
  const wallets = (await (await api.get('/api/user-wallets', { headers })).json()) as { data: { id: number }[] };
  const created = await api.post('/api/campaigns', {
    headers,
    data: {
      rules: 'Regras da campanha.',
      banner_image: null,
      draw_datetime: null,
      user_wallet_id: wallets.data[0]?.id,
      ...data,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number; link: string } }).data;
}

/** Publishes campaign `id` through the API. */
export async function publishByApi(api: APIRequestContext, headers: Record<string, string>, id: number): Promise<void> {
  const published = await api.post(`/api/campaigns/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
}

/** A draft through the API (the wizard itself is exercised in campaigns.spec.ts). */
export async function createDraftByApi(page: Page, token: string, name: string, totalTickets: number): Promise<void> {
  await campaignByApi(
    page.request,
    { authorization: `Bearer ${token}` },
    {
      name,
      draw_type_id: 2,
      total_tickets: totalTickets,
      ticket_price: 1,
      awards: [{ description: 'Prêmio principal', value: null }],
    },
  );
}

/** A valid CPF (check digits) that no other run uses. */
export function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (base.every((d) => d === base[0])) base[0] = (base[0]! + 1) % 10;
  const digit = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}
export const randomPhone = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A phone (390×844, touch) in its own context, at the test's baseURL unless `options` names another. */
export async function phonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...options,
  });
  return context.newPage();
}

/** A published 100-ticket campaign through the API. */
export async function publishedCampaign(
  api: APIRequestContext,
  headers: Record<string, string>,
  campaign: { name: string; drawTypeId: 1 | 2; price: number; awards: string[]; drawDatetime: string },
): Promise<{ id: number; link: string }> {
  const { id, link } = await campaignByApi(api, headers, {
    name: campaign.name,
    draw_type_id: campaign.drawTypeId,
    total_tickets: 100,
    ticket_price: campaign.price,
    rules: 'Maiores de 18 anos, residentes no Brasil.',
    draw_datetime: campaign.drawDatetime,
    awards: campaign.awards.map((description) => ({ description, value: null })),
  });
  await publishByApi(api, headers, id);
  return { id, link };
}

/** The reservation's checkbox, required of every buyer at step 2 (issue 30). */
export const TERMS_LABEL = 'Li e aceito o regulamento e declaro ter 18 anos ou mais';

/** Step 2 of the reservation modal: ticks 'Li e aceito o regulamento…' and clicks 'Concluir Reserva'. */
export async function concludeReservation(modal: Locator): Promise<void> {
  await modal.getByRole('checkbox', { name: TERMS_LABEL }).check();
  await modal.getByRole('button', { name: 'Concluir Reserva' }).click();
}

/** A purchase: its hash, its Pix charge's txid and its buyer. */
export interface BuyerPurchase {
  hash: string;
  txid: string;
  name: string;
  phone: string;
  cpf: string;
  email: string | null;
}

/** A new buyer registers and reserves `tickets` numbers, through the public API (the Pix charge is open). */
export async function reservedPurchase(
  api: APIRequestContext,
  link: string,
  name: string,
  tickets: number,
  email: string | null = null,
): Promise<BuyerPurchase> {
  const phone = randomPhone();
  const cpf = randomCpf();
  const buyer = await api.post('/public/buyers', { data: { name, phone, cpf, email } });
  expect(buyer.status(), await buyer.text()).toBe(201);
  const purchase = await api.post('/public/purchases', {
    data: {
      buyer_phone: phone,
      campaign_link: link,
      total_tickets: tickets,
      payment_method_id: 1,
      terms_accepted: true,
    },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);
  const hash = ((await purchase.json()) as { data: { purchase_hash: string } }).data.purchase_hash;
  const view = (await (await api.get(`/public/purchases/${hash}`)).json()) as { data: { payment: { txid: string } } };
  return { hash, txid: view.data.payment.txid, name, phone, cpf, email };
}

/** A buyer registers, reserves `tickets` numbers and pays the Pix with the sandbox, all through the public API. */
export async function paidPurchase(...order: Parameters<typeof reservedPurchase>): Promise<BuyerPurchase> {
  const purchase = await reservedPurchase(...order);
  const api = order[0];
  const paid = await api.post(`/payments/sandbox/charges/${purchase.txid}/pay`);
  expect(paid.status(), await paid.text()).toBe(200);
  return purchase;
}

/**
 * The first whole minute at least `margin` ms ahead, as the API stores it ('YYYY-MM-DD HH:MM:00', São Paulo). Sales
 * close 2 minutes before the draw (issue 29 item 4), so buyers need a draw more than 2 minutes away.
 */
export function shortDrawDatetime(margin = 150_000): { at: Date; wallClock: string } {
  const at = new Date(Math.ceil((Date.now() + margin) / 60_000) * 60_000);
  // America/Sao_Paulo is UTC−3 all year (no daylight saving since 2019).
  const wallClock = `${new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}:00`;
  return { at, wallClock };
}

/** `npm run verify-draw -- FILE --commitment HASH` at the repository's root: its output (a failed check throws). */
export const verifyDraw = (file: string, commitment: string): string =>
  execFileSync('npm', ['run', '-s', 'verify-draw', '--', file, '--commitment', commitment], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
  });

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import {
  organiserWithWallet,
  paidPurchase,
  PASSWORD,
  publishedCampaign,
  randomCpf,
  randomPhone,
  signIn,
  uniqueEmail,
} from './support';

// Issue 29 (Prove, accessibility): axe-core on every screen, as a phone (390×844, touch) and as a laptop (1366×900)
// see it, finds no serious or critical violation (WCAG 2.x A/AA rules and axe's best practices). Each screen is
// checked once its content is drawn (no spinner or skeleton left), with its main dialog open where the screen is
// mostly a dialog (the reservation modal, at both of its steps, with a validation error shown). Moderate and minor findings are printed, not failed.

const VIEWPORTS = [
  { name: 'celular', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'notebook', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

const BLOCKING = new Set(['serious', 'critical']);

interface Screen {
  name: string;
  path: string;
  /** Signed-in organiser screens. */
  organiser?: boolean;
  /** Something that is on the screen once it is ready. */
  ready: (page: Page) => ReturnType<Page['getByRole']> | ReturnType<Page['getByText']>;
  /** Brings the screen to the state checked (e.g. opens its dialog). */
  open?: (page: Page) => Promise<void>;
}

/** Sales close 2 minutes before a draw: the first whole minute at least `margin` ms ahead, as the API stores it ('YYYY-MM-DD HH:MM:00', São Paulo). */
function drawSoon(margin = 150_000): { at: Date; wallClock: string } {
  const at = new Date(Math.ceil((Date.now() + margin) / 60_000) * 60_000);
  const wallClock = `${new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}:00`;
  return { at, wallClock };
}

async function pendingPurchaseHash(page: Page, link: string): Promise<string> {
  const phone = randomPhone();
  const buyer = await page.request.post('/public/buyers', {
    data: { name: 'Joana Acessível', phone, cpf: randomCpf(), email: null },
  });
  expect(buyer.status(), await buyer.text()).toBe(201);
  const purchase = await page.request.post('/public/purchases', {
    data: { buyer_phone: phone, campaign_link: link, total_tickets: 2, payment_method_id: 1, terms_accepted: true },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);
  return ((await purchase.json()) as { data: { purchase_hash: string } }).data.purchase_hash;
}

/** The reservation dialog of the campaign page, opened as a buyer does: 10 numbers, then 'Participar Agora'. */
async function openReservation(page: Page) {
  await page.getByRole('button', { name: '+10', exact: true }).first().click();
  await page.getByRole('button', { name: 'Participar Agora' }).first().click();
  return page.getByRole('dialog');
}

async function waitUntilDrawn(page: Page): Promise<void> {
  // Nothing still loading, as far as can be told: spinners and skeletons gone (a sold-tickets bar is a progressbar
  // too, and stays; a chart below the fold draws only when scrolled to, so its skeleton may stay and is scanned).
  await expect(page.locator('.MuiCircularProgress-root, .MuiSkeleton-root'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}

async function scan(browser: Browser, storage: string, screen: Screen, variant: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({
    viewport: variant.viewport,
    isMobile: variant.isMobile,
    hasTouch: variant.hasTouch,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...(screen.organiser
      ? { storageState: JSON.parse(storage) as Exclude<BrowserContextOptions['storageState'], string> }
      : {}),
  });
  try {
    const page = await context.newPage();
    await page.goto(screen.path);
    await expect(screen.ready(page).first()).toBeVisible({ timeout: 20_000 });
    await screen.open?.(page);
    await waitUntilDrawn(page);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const describe = (v: (typeof results.violations)[number]) =>
      `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`;
    if (process.env.AXE_DUMP) {
      const fs = await import('node:fs');
      fs.appendFileSync(
        process.env.AXE_DUMP,
        JSON.stringify({
          screen: screen.name,
          variant: variant.name,
          violations: results.violations
            .filter((v) => BLOCKING.has(v.impact ?? ''))
            .map((v) => ({
              id: v.id,
              nodes: v.nodes.slice(0, 4).map((n) => ({ html: n.html.slice(0, 300), summary: n.failureSummary })),
            })),
        }) + '\n',
      );
    }
    const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
    const other = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
    if (other.length) console.log(`${screen.name} (${variant.name}) — menores:\n  ${other.map(describe).join('\n  ')}`);
    return blocking.map((v) => `${screen.name} (${variant.name}) ${describe(v)}`);
  } finally {
    await context.close();
  }
}

// The screens are the same in both topologies: checked once, in the one-process run (npm test's PGlite pass).
test.skip(process.env.E2E_TOPOLOGY === 'staging', 'checked in the one-process topology');
test.describe.configure({ mode: 'serial' });

interface Fixture {
  storage: string;
  open: { id: number; link: string };
  openName: string;
  drawn: { id: number; link: string };
  checkoutHash: string;
}
let fixture: Fixture;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(420_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('acessibilidade');
  const token = await organiserWithWallet(page, 'Organizadora Acessível', email, randomCpf());
  const headers = { authorization: `Bearer ${token}` };
  const draw = drawSoon();
  const drawn = await publishedCampaign(page.request, headers, {
    name: `Sorteio Acessível ${Date.now()}`,
    drawTypeId: 2,
    price: 2,
    awards: ['Moto 0km', 'Celular'],
    drawDatetime: draw.wallClock,
  });
  await paidPurchase(page.request, drawn.link, 'Ana Paula Souza', 3);
  const openName = `Rifa Acessível ${Date.now()}`;
  const open = await publishedCampaign(page.request, headers, {
    name: openName,
    drawTypeId: 2,
    price: 1,
    awards: ['Televisão'],
    drawDatetime: drawSoon(7 * 24 * 3_600_000).wallClock,
  });
  await paidPurchase(page.request, open.link, 'Bruno Lima', 2);
  const checkoutHash = await pendingPurchaseHash(page, open.link);

  // The draw of the first campaign, once its datetime passes, so its result page has winners.
  await expect
    .poll(async () => (await page.request.post(`/api/campaigns/${drawn.id}/draw`, { headers })).status(), {
      timeout: draw.at.getTime() - Date.now() + 30_000,
      intervals: [2_000],
    })
    .toBe(200);

  await signIn(page, email, PASSWORD);
  const storage = JSON.stringify(await page.context().storageState());

  fixture = { storage, open, openName, drawn, checkoutHash };
  await context.close();
});

const heading = (name: RegExp | string) => (p: Page) => p.getByRole('heading', { name });
const main = (p: Page) => p.getByRole('main');
/** A signed-in organiser's screen, ready once `ready` shows (its main landmark unless said). */
const organiserScreen = (name: string, path: string, ready: Screen['ready'] = main): Screen => ({
  name,
  path,
  organiser: true,
  ready,
});
/** Every screen, organiser's and buyer's, with what shows it is ready (`f` is known once beforeAll ran). */
const screensOf = (f: Fixture): Screen[] => [
  { name: 'login', path: '/login', ready: (p) => p.getByRole('button', { name: 'Entrar na minha conta' }) },
  { name: 'cadastro', path: '/cadastro', ready: (p) => p.getByRole('button', { name: 'Explorar a Rifaria' }) },
  { name: 'esqueci a senha', path: '/esqueci-senha', ready: (p) => p.getByRole('textbox').first() },
  { name: 'redefinir senha', path: '/redefinir-senha?token=abc', ready: main },
  { name: 'caixa de e-mails', path: '/sandbox/emails', ready: main },
  { name: 'termos', path: '/termos', ready: heading(/Termos/) },
  { name: 'privacidade', path: '/privacidade', ready: heading(/Privacidade/) },
  organiserScreen('dashboard', '/dashboard'),
  organiserScreen('campanhas', '/campanhas', (p) => p.getByText(f.openName)),
  organiserScreen('painel', `/campanhas/${f.open.id}/painel`),
  organiserScreen('painel sorteado', `/campanhas/${f.drawn.id}/painel`, (p) =>
    p.getByRole('list', { name: 'Ganhadores' }),
  ),
  organiserScreen('editar', `/campanhas/${f.open.id}/editar`),
  organiserScreen('vendas', `/campanhas/${f.open.id}/vendas`, (p) => p.getByText('Bruno Lima')),
  organiserScreen('carteiras', '/carteiras'),
  organiserScreen('abrir carteira', '/carteira/adicionar'),
  organiserScreen('perfil', '/perfil'),
  organiserScreen('configurações', '/configuracoes'),
  organiserScreen('whatsapp', '/whatsapp'),
  {
    name: 'campanha pública',
    path: `/p/${f.open.link}`,
    ready: (p) => p.getByRole('button', { name: /Participar/ }),
  },
  {
    name: 'checkout',
    path: `/p/checkout?compra=${f.checkoutHash}`,
    ready: (p) => p.getByRole('region', { name: 'Resumo da compra' }),
  },
  { name: 'meus números', path: `/p/${f.open.link}/meus-numeros`, ready: heading('Meus números') },
  { name: 'resultado', path: `/p/${f.drawn.link}/resultado`, ready: (p) => p.getByRole('heading', { level: 1 }) },
  {
    name: 'link desconhecido',
    path: '/p/campanha-que-nao-existe',
    ready: (p) => p.getByRole('heading', { level: 1 }),
  },
  {
    name: 'endereço desconhecido',
    path: '/qualquer/coisa',
    ready: heading('Página não encontrada'),
  },
  {
    name: 'desfazer troca de telefone',
    path: `/p/desfazer-troca-de-telefone#${'a'.repeat(43)}`,
    ready: (p) => p.getByRole('button', { name: 'Desfazer a troca' }),
  },
  {
    name: 'reserva: telefone',
    path: `/p/${f.open.link}`,
    ready: (p) => p.getByRole('button', { name: /Participar/ }),
    open: async (p) => {
      const modal = await openReservation(p);
      await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill('119');
      await expect(modal.getByText('Telefone deve ter pelo menos 10 dígitos')).toBeVisible();
    },
  },
  {
    name: 'reserva: dados do comprador',
    path: `/p/${f.open.link}`,
    ready: (p) => p.getByRole('button', { name: /Participar/ }),
    open: async (p) => {
      const modal = await openReservation(p);
      await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(randomPhone());
      await modal.getByRole('button', { name: 'Continuar' }).click();
      await expect(modal.getByRole('heading', { name: 'Dados do Comprador' })).toBeVisible();
      await modal.getByRole('textbox', { name: 'CPF' }).fill('12345678900');
      await expect(modal.getByText('CPF inválido')).toBeVisible();
    },
  },
];

const PLACEHOLDER: Fixture = {
  storage: '',
  open: { id: 0, link: '' },
  openName: '',
  drawn: { id: 0, link: '' },
  checkoutHash: '',
};
// One test per screen (titles from the list itself), both sizes in each.
for (const [index, { name: title }] of screensOf(PLACEHOLDER).entries()) {
  test(`should find no serious or critical accessibility violation on '${title}', on a phone and on a laptop`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const screen = screensOf(fixture)[index]!;
    const failures: string[] = [];
    for (const variant of VIEWPORTS) failures.push(...(await scan(browser, fixture.storage, screen, variant)));
    expect(failures, failures.join('\n')).toEqual([]);
  });
}

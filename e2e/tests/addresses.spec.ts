import os from 'node:os';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  concludeReservation,
  createDraftByApi,
  DEMO,
  DEMO_LINK,
  DEMO_NAME,
  phonePage,
  randomCpf,
  randomPhone,
  sessionToken,
  signIn,
} from './support';

// Issue 11: the site opened at 127.0.0.1 and at the machine's LAN address (to try the buyer flow on a real phone).
// Issue 30, item 12: one rule for every link. The e2e server listens on every interface without PUBLIC_URL, so every
// link the organiser copies or shares (the publish dialog, the panel's link card, the buyer page's share dialog and
// its WhatsApp text) is on the machine's network address, the one its e-mails and WhatsApp messages carry, whatever
// address the page was opened at; an uploaded banner loads on the buyer's page without any CSP violation. Then the
// buyer journey (reserve, pay with the sandbox) runs at the address the page was opened at.

/** The first non-internal IPv4 address of this machine (the first of `hostname -I`), or null. */
function lanAddress(): string | null {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return null;
}

const ADDRESSES = [
  { label: '127.0.0.1', host: '127.0.0.1' },
  { label: 'the LAN address', host: lanAddress() },
];

const SHOTS_DIR = process.env.SHOTS_DIR;
const shot = (page: Page, name: string) =>
  SHOTS_DIR ? page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true }) : Promise.resolve();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every CSP violation the page's console reports. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

/**
 * What `copy` really puts on the clipboard, read back from a page at the loopback address: a secure origin, where
 * the Clipboard API may read (at http://192.0.2.2 it may not even write, and the app falls back to
 * execCommand('copy')). The clipboard is emptied first, so an earlier copy of the same link cannot pass for this one.
 */
async function copiedBy(page: Page, loopback: string, copy: () => Promise<void>): Promise<string> {
  const context = page.context();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: loopback });
  const reader = await context.newPage();
  await reader.goto(`${loopback}/api/health`);
  await reader.evaluate(() => navigator.clipboard.writeText(''));
  await page.bringToFront();
  await copy();
  await reader.bringToFront();
  const text = await reader.evaluate(() => navigator.clipboard.readText());
  await reader.close();
  await page.bringToFront();
  return text;
}

async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** A 1200×400 banner drawn by the browser: a real PNG, big enough to look like one in the screenshots. */
async function bannerPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 400;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 1200, 400);
    gradient.addColorStop(0, '#1b5e20');
    gradient.addColorStop(1, '#f9a825');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1200, 400);
    context.fillStyle = '#ffffff';
    context.font = 'bold 96px sans-serif';
    context.fillText('iPhone 16 Pro', 80, 240);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

interface Site {
  /** Where the site is opened: http://127.0.0.1:PORT or http://<LAN address>:PORT. */
  base: string;
  /** http://127.0.0.1:PORT, where the clipboard is read back. */
  loopback: string;
  /** The origin of every link (api/src/lib/public-origin.ts linkOriginOf): the LAN address, else localhost. */
  links: string;
  /** Screenshot names. */
  tag: string;
}

/** The organiser (desktop): publish dialog, panel link card, banner upload; every link on `links`. */
async function organiserSide(browser: Browser, { base, loopback, links, tag }: Site): Promise<string[]> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1366, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  const violations = cspViolations(page);
  await signIn(page, DEMO.email, DEMO.password);

  // The publish dialog's link, and its 'Copiar'.
  const draftName = `Rifa Pelo Endereço ${tag}`;
  await createDraftByApi(page, (await sessionToken(page)) ?? '', draftName, 100);
  await page.goto('/campanhas');
  await page.getByRole('article', { name: draftName }).getByRole('button', { name: 'Publicar' }).click();
  const publish = page.getByRole('dialog', { name: 'Publicar campanha' });
  await publish.getByRole('button', { name: 'Publicar Campanha' }).click();
  await expect(publish.getByText('Campanha publicada com sucesso!')).toBeVisible();
  const published = publish.getByText(new RegExp(`^${escapeRegExp(links)}/p/rifa-pelo-endereco-[a-z0-9-]+$`));
  await expect(published).toBeVisible();
  await shot(page, `${tag}-publish-dialog-desktop`);
  const publishedUrl = await published.innerText();
  const copiedFromDialog = await copiedBy(page, loopback, async () => {
    await publish.getByRole('button', { name: 'Copiar' }).click();
    await expect(publish.getByRole('button', { name: 'Copiado!' })).toBeVisible();
  });
  expect(copiedFromDialog).toBe(publishedUrl);
  await publish.getByRole('button', { name: 'Fechar' }).click();

  // The demo campaign's panel: the link card, 'Copiar link' and 'Abrir'.
  const demoUrl = `${links}/p/${DEMO_LINK}`;
  await page.getByRole('article', { name: DEMO_NAME }).getByRole('button', { name: 'Ver Painel' }).click();
  const card = page.getByRole('region', { name: 'Link da campanha' });
  await expect(card.getByText(demoUrl, { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Abrir' })).toHaveAttribute('href', demoUrl);
  const copiedFromCard = await copiedBy(page, loopback, async () => {
    await card.getByRole('button', { name: 'Copiar link' }).click();
    await expect(card.getByRole('button', { name: 'Copiado!' })).toBeVisible();
  });
  expect(copiedFromCard).toBe(demoUrl);
  await shot(page, `${tag}-panel-desktop`);

  // Editar → Aparência: upload a banner; the saved banner (a relative /media/ URL) shows in the preview.
  await page.getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('tab', { name: 'Aparência' }).click();
  await page.getByLabel('Arquivo do banner').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await bannerPng(page),
  });
  await page.getByRole('button', { name: 'Enviar banner' }).click();
  const preview = page.getByRole('img', { name: 'Pré-visualização do banner' });
  await expect(preview).toHaveAttribute('src', /^\/media\/banners\/[0-9a-f-]{36}$/);
  await expectLoaded(preview);
  await page.reload();
  await page.getByRole('tab', { name: 'Aparência' }).click();
  await expectLoaded(page.getByRole('img', { name: 'Pré-visualização do banner' }));
  await shot(page, `${tag}-appearance-desktop`);
  await context.close();
  return violations;
}

/** The buyer (phone): the banner, the share dialog's links, then a purchase paid with the sandbox. */
async function buyerSide(browser: Browser, { base, loopback, links, tag }: Site): Promise<string[]> {
  const page = await phonePage(browser, { baseURL: base });
  const violations = cspViolations(page);
  const demoUrl = `${links}/p/${DEMO_LINK}`;
  await page.goto(`/p/${DEMO_LINK}`);
  await expect(page.getByRole('heading', { name: DEMO_NAME, level: 1 })).toBeVisible();
  await expectLoaded(page.getByRole('img', { name: `Banner da campanha ${DEMO_NAME}` }));
  await shot(page, `${tag}-public-page-phone`);

  await page.getByRole('button', { name: 'Compartilhar' }).first().click();
  const share = page.getByRole('dialog', { name: 'Compartilhar campanha' });
  await expect(share.getByRole('textbox', { name: 'Link da campanha' })).toHaveValue(demoUrl);
  const whatsapp = await share.getByRole('link', { name: 'Compartilhar no WhatsApp' }).getAttribute('href');
  expect(new URL(whatsapp ?? '').searchParams.get('text')).toContain(`Garanta os seus: ${demoUrl}`);
  const copiedFromShare = await copiedBy(page, loopback, async () => {
    await share.getByRole('button', { name: 'Copiar link' }).click();
    await expect(share.getByRole('button', { name: 'Link copiado!' })).toBeVisible();
  });
  expect(copiedFromShare).toBe(demoUrl);
  await share.getByRole('button', { name: 'Fechar' }).click();

  await page.getByRole('button', { name: '+10', exact: true }).click();
  await page.getByRole('button', { name: 'Participar Agora' }).first().click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(randomPhone());
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await modal.getByRole('textbox', { name: 'Nome completo' }).fill(`Comprador Pela Rede ${tag}`);
  await modal.getByRole('textbox', { name: 'CPF' }).fill(randomCpf());
  await concludeReservation(modal);
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(base)}/p/checkout\\?compra=[\\w-]{22,}$`));
  await expect(page.getByRole('list', { name: 'Seus números' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
  await expect(page.getByText('Pagamento confirmado!')).toBeVisible({ timeout: 15_000 });
  await page.context().close();
  return violations;
}

for (const { label, host } of ADDRESSES) {
  test(`should share links on the one link address and show the banner, opened at ${label}`, async ({
    browser,
  }, testInfo) => {
    test.skip(!host, 'This machine has no non-internal IPv4 address (os.networkInterfaces()): no LAN variant.');
    test.setTimeout(240_000);
    const loopback = new URL(testInfo.project.use.baseURL!);
    const opened = new URL(loopback.href);
    opened.hostname = host!;
    const site: Site = {
      base: opened.origin,
      loopback: loopback.origin,
      // One process on every interface: its network address. Staging: PUBLIC_URL, nginx's address at localhost
      // (scripts/staging-topology.mjs).
      links: `http://${(process.env.E2E_TOPOLOGY !== 'staging' && lanAddress()) || 'localhost'}:${loopback.port}`,
      tag: host === loopback.hostname ? 'loopback' : 'lan',
    };
    testInfo.annotations.push({ type: 'opened at', description: site.base });

    const violations = [...(await organiserSide(browser, site)), ...(await buyerSide(browser, site))];
    expect(violations).toEqual([]);
  });
}

// Shared helpers (copied next to the scenario scripts in /work/main/e2e when run).
const { chromium, devices } = require('@playwright/test');
const fs = require('fs');

const BASE = 'http://127.0.0.1:8301';
const LINK = 'rifa-demo-iphone-16-pro';
const SHOTS = '/tmp/review/shots';
fs.mkdirSync(SHOTS, { recursive: true });

function cpf() {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (new Set(d).size === 1) d[0] = (d[0] + 1) % 10;
  for (const len of [9, 10]) {
    let s = 0;
    for (let i = 0; i < len; i++) s += d[i] * (len + 1 - i);
    const r = (s * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}
function phone() {
  const n = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `11 9${n.slice(0, 4)}-${n.slice(4)}`;
}

const logs = [];
function watch(page, label) {
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logs.push(`[${label}] console.${m.type()}: ${m.text()} @ ${page.url()}`);
  });
  page.on('pageerror', (e) => logs.push(`[${label}] pageerror: ${e.message} @ ${page.url()}`));
  page.on('requestfailed', (r) => logs.push(`[${label}] requestfailed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) logs.push(`[${label}] HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return page;
}

async function launch() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
}

async function newContext(browser, kind = 'pixel', extra = {}) {
  let opts;
  if (kind === 'pixel') opts = { ...devices['Pixel 7'] };
  else if (kind === 'iphone') opts = { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: devices['iPhone SE'].userAgent };
  else opts = { viewport: { width: 1366, height: 768 } };
  const ctx = await browser.newContext({ ...opts, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...extra });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  return ctx;
}

async function shot(page, name, full = false) {
  const p = `${SHOTS}/${name}.png`;
  await page.screenshot({ path: p, fullPage: full });
  return p;
}

/** Has the React app taken over? (performance mark set by boot.ts) */
async function takenOver(page) {
  return page.evaluate(() => performance.getEntriesByName('rifaria:taken-over').length > 0);
}
async function appLoaded(page) {
  return page.evaluate(() => [...document.scripts].some((s) => /app\.|client/.test(s.src)) || performance.getEntriesByName('rifaria:intent').length > 0);
}

/** Goes through the reservation dialog (already open). Returns buyer data. */
async function reserve(page, buyer) {
  const modal = page.getByRole('dialog');
  await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(buyer.phone);
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await modal.getByRole('heading', { name: 'Dados do Comprador' }).waitFor();
  await modal.getByRole('textbox', { name: 'Nome completo' }).fill(buyer.name);
  await modal.getByRole('textbox', { name: 'CPF' }).fill(buyer.cpf);
  const email = modal.getByRole('textbox', { name: /e-?mail/i });
  if (await email.count()) await email.first().fill(buyer.email);
  await modal.getByRole('button', { name: 'Concluir Reserva' }).click();
  await page.waitForURL(/\/p\/checkout\?compra=/, { timeout: 15000 });
}

/** Creates a purchase via UI on a throwaway page; returns checkout URL */
async function makePurchase(browser, label = 'setup') {
  const ctx = await newContext(browser, 'pixel');
  const page = watch(await ctx.newPage(), label);
  await page.goto(`${BASE}/p/${LINK}`);
  await page.getByRole('button', { name: '+1 número' }).tap();
  await page.getByRole('button', { name: 'Participar Agora' }).first().tap();
  await page.getByRole('dialog').waitFor();
  const buyer = { name: `Comprador Teste ${Date.now() % 10000}`, cpf: cpf(), phone: phone(), email: `teste${Date.now()}@exemplo.com.br` };
  await reserve(page, buyer);
  const url = page.url();
  await ctx.close();
  return url;
}

module.exports = { BASE, LINK, cpf, phone, logs, watch, launch, newContext, shot, takenOver, appLoaded, reserve, makePurchase };

import { expect, test, type Browser, type Page } from '@playwright/test';
import { hasError, parsePix } from 'pix-utils';

// Issue 5 journey, on a phone (390×844): a buyer opens the demo campaign from its link, adds 10 numbers, registers,
// reaches the checkout with 10 real numbers and a valid Pix code, pays with the sandbox button and sees Pago without
// reloading; the organiser sees the sale and the "Futuro" balance. A second purchase left alone expires (the e2e
// server runs with PURCHASE_RESERVATION_MS=30000) and its numbers go back to the pool.

const DEMO_LINK = 'rifa-demo-iphone-16-pro';
const DEMO = { email: 'demo@rifaria.com.br', password: 'Rifaria123' };

/** A valid CPF (check digits) that no other run uses. */
function randomCpf(): string {
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
const randomPhone = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return context.newPage();
}

async function availableTickets(page: Page): Promise<number> {
  const reply = await page.request.get(`/public/campaigns/${DEMO_LINK}`);
  return ((await reply.json()) as { data: { stats: { tickets_available: number } } }).data.stats.tickets_available;
}

test('should sell 10 numbers by Pix on a phone and show Pago without reloading', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phonePage(browser);
  const buyerName = `Marina Teste ${Date.now()}`;
  const before = await availableTickets(page);

  await page.goto(`/p/${DEMO_LINK}`);
  await expect(page.getByRole('heading', { name: 'Rifa Demo iPhone 16 Pro', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '+10', exact: true }).click();
  await expect(page.getByRole('spinbutton', { name: /Quantidade/ }).or(page.getByRole('textbox', { name: /Quantidade/ })).first()).toHaveValue('10');
  await page.getByRole('button', { name: 'Participar Agora' }).first().click();

  // Step 1: phone.
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Finalizar Reserva' })).toBeVisible();
  await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill('119');
  await expect(modal.getByText('Telefone deve ter pelo menos 10 dígitos')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(randomPhone());
  await modal.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: a new buyer.
  await expect(modal.getByRole('heading', { name: 'Dados do Comprador' })).toBeVisible();
  await modal.getByRole('textbox', { name: 'Nome completo' }).fill(buyerName);
  await modal.getByRole('textbox', { name: 'CPF' }).fill('12345678900');
  await expect(modal.getByText('CPF inválido')).toBeVisible();
  await modal.getByRole('textbox', { name: 'CPF' }).fill(randomCpf());
  await modal.getByRole('button', { name: 'Concluir Reserva' }).click();

  // Checkout: 10 real numbers, a Pix code with a valid CRC, a running countdown.
  await expect(page).toHaveURL(/\/p\/checkout\?compra=[\w-]{22,}$/);
  const numbers = page.getByRole('list', { name: 'Seus números' }).getByRole('listitem');
  await expect(numbers).toHaveCount(10);
  const drawn = await numbers.allInnerTexts();
  expect(new Set(drawn).size).toBe(10);
  for (const n of drawn) expect(n.trim()).toMatch(/^\d{5}$/);
  const code = await page.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue();
  expect(hasError(parsePix(code))).toBe(false);
  expect(code).toContain('54045.00'); // 10 × R$ 0,50
  await expect(page.getByRole('img', { name: 'QR Code Pix' })).toBeVisible();
  await expect(page.getByText('Pendente').first()).toBeVisible();
  expect(await availableTickets(page)).toBe(before - 10);

  // Pay with the sandbox: the page turns to Pago by itself (no navigation).
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  await page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
  await expect(page.getByText('Pagamento confirmado!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Pago').first()).toBeVisible();
  expect(navigations).toBe(0);
  await page.screenshot({ path: test.info().outputPath('checkout-paid.png'), fullPage: true });

  // The organiser sees the sale and the "Futuro" balance.
  const organiser = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await organiser.goto('/login');
  await organiser.getByLabel('E-mail').fill(DEMO.email);
  await organiser.getByLabel('Senha', { exact: true }).fill(DEMO.password);
  await organiser.getByRole('button', { name: 'Entrar na minha conta' }).click();
  await expect(organiser).toHaveURL(/\/dashboard$/);
  await organiser.goto('/campanhas');
  await organiser.getByRole('article', { name: 'Rifa Demo iPhone 16 Pro' }).getByRole('button', { name: 'Ver Painel' }).click();
  await organiser.getByRole('link', { name: 'Vendas' }).click();
  const row = organiser.getByRole('row', { name: new RegExp(buyerName) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pago')).toBeVisible();
  await expect(row.getByText(/R\$\s5,00/)).toBeVisible();
  await organiser.goto('/carteiras');
  await organiser.getByRole('button', { name: 'Mostrar saldo' }).click();
  const futuro = organiser.getByText('Futuro', { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(futuro).toHaveText(/R\$\s\d[\d.]*,\d\d/);
  const futuroCents = Number((await futuro.innerText()).replace(/\D/g, ''));
  expect(futuroCents).toBeGreaterThanOrEqual(500);
  await organiser.close();
  await page.context().close();
});

test('should expire an unpaid purchase and return its numbers to the pool', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phonePage(browser);
  const phone = randomPhone();
  const created = await page.request.post('/public/buyers', {
    data: { name: 'Paulo Expira', phone, cpf: randomCpf(), email: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const before = await availableTickets(page);
  const purchase = await page.request.post('/public/purchases', {
    data: { buyer_phone: phone, campaign_link: DEMO_LINK, total_tickets: 3, payment_method_id: 1 },
    headers: { 'idempotency-key': `e2e-${Date.now()}` },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);
  const { purchase_hash: hash } = ((await purchase.json()) as { data: { purchase_hash: string } }).data;
  expect(await availableTickets(page)).toBe(before - 3);

  await page.goto(`/p/checkout?compra=${hash}`);
  await expect(page.getByRole('list', { name: 'Seus números' }).getByRole('listitem')).toHaveCount(3);
  // Nobody pays: the countdown runs out, the expired screen appears, the worker cancels and releases the numbers.
  await expect(page.getByText('Pagamento expirado')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Comprar novos números' })).toHaveAttribute('href', `/p/${DEMO_LINK}`);
  await expect
    .poll(async () => ((await (await page.request.get(`/public/purchases/${hash}`)).json()) as { data: { status: { name: string } } }).data.status.name, {
      timeout: 30_000,
    })
    .toBe('Cancelado');
  expect(await availableTickets(page)).toBe(before);
  await page.context().close();
});

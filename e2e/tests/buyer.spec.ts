import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { hasError, parsePix } from 'pix-utils';
import {
  campaignByApi,
  concludeReservation,
  DEMO,
  DEMO_LINK,
  phonePage,
  publishByApi,
  randomCpf,
  randomPhone,
  TERMS_LABEL,
} from './support';

// Issue 5 journey, on a phone (390×844): a buyer opens the demo campaign from its link, adds 10 numbers, registers,
// reaches the checkout with 10 real numbers and a valid Pix code, pays with the sandbox button and sees Pago without
// reloading; the organiser sees the sale and the "Futuro" balance. A second purchase left alone expires (the e2e
// server runs with PURCHASE_RESERVATION_MS=30000) and its numbers go back to the pool.

/** Every console error and uncaught exception of the page from now on (issue 11: the normal path logs none). */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function availableTickets(page: Page): Promise<number> {
  const reply = await page.request.get(`/public/campaigns/${DEMO_LINK}`);
  return ((await reply.json()) as { data: { stats: { tickets_available: number } } }).data.stats.tickets_available;
}

test('should sell 10 numbers by Pix on a phone and show Pago without reloading', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phonePage(browser);
  const consoleErrors = collectConsoleErrors(page);
  const buyerName = `Marina Teste ${Date.now()}`;
  const buyerPhone = randomPhone();
  const buyerCpf = randomCpf();
  const before = await availableTickets(page);

  // "Meus números" before buying: nothing found is an answer on the page, not an error in the console.
  await page.goto(`/p/${DEMO_LINK}/meus-numeros`);
  await page.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(buyerPhone);
  await page.getByRole('textbox', { name: 'CPF' }).fill(buyerCpf);
  await page.getByRole('button', { name: 'Ver meus números' }).click();
  await expect(page.getByText('Nenhuma compra encontrada para este telefone e CPF nesta campanha.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para a campanha' }).click();

  await expect(page.getByRole('heading', { name: 'Rifa Demo iPhone 16 Pro', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '+10', exact: true }).click();
  const quantity = page
    .getByRole('spinbutton', { name: /Quantidade/ })
    .or(page.getByRole('textbox', { name: /Quantidade/ }))
    .first();
  await expect(quantity).toHaveValue('10');
  await page.getByRole('button', { name: 'Participar Agora' }).first().click();

  // The phone's Back button closes the modal and keeps the page as it was (issue 11).
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Finalizar Reserva' })).toBeVisible();
  await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill('119');
  await page.goBack();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/p/${DEMO_LINK}$`));
  await expect(quantity).toHaveValue('10');
  await page.getByRole('button', { name: 'Participar Agora' }).first().click();

  // Step 1: phone.
  await expect(modal.getByRole('heading', { name: 'Finalizar Reserva' })).toBeVisible();
  await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill('119');
  await expect(modal.getByText('Telefone deve ter pelo menos 10 dígitos')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(buyerPhone);
  await modal.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: a new buyer.
  await expect(modal.getByRole('heading', { name: 'Dados do Comprador' })).toBeVisible();
  await modal.getByRole('textbox', { name: 'Nome completo' }).fill(buyerName);
  await modal.getByRole('textbox', { name: 'CPF' }).fill('12345678900');
  await expect(modal.getByText('CPF inválido')).toBeVisible();
  await modal.getByRole('textbox', { name: 'CPF' }).fill(buyerCpf);
  // 'Li e aceito o regulamento…' is required: without it the reservation says why and waits.
  await modal.getByRole('button', { name: 'Concluir Reserva' }).click();
  await expect(
    modal.getByText('Para reservar, confirme que leu e aceita o regulamento e que tem 18 anos ou mais.'),
  ).toBeVisible();
  await expect(modal.getByRole('checkbox', { name: TERMS_LABEL })).not.toBeChecked();
  await concludeReservation(modal);

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

  // The receipt (comprovante): a plain download of the API's PDF, with this device's proof of the buyer.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar comprovante (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^comprovante-${DEMO_LINK}-\\d+\\.pdf$`));
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // 'Pagamento confirmado!' is no dead end: 'Meus números' lists this purchase, then back to the campaign.
  await expect(page.getByRole('link', { name: 'Voltar para a campanha' })).toHaveAttribute('href', `/p/${DEMO_LINK}`);
  await page.getByRole('link', { name: 'Meus números' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${DEMO_LINK}/meus-numeros$`));
  await page.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(buyerPhone);
  await page.getByRole('textbox', { name: 'CPF' }).fill(buyerCpf);
  await page.getByRole('button', { name: 'Ver meus números' }).click();
  await expect(page.getByRole('heading', { name: `Olá, ${buyerName}!` })).toBeVisible();
  await expect(page.getByRole('article').getByText('Pago')).toBeVisible();
  await expect(page.getByRole('article').getByRole('link', { name: 'Baixar comprovante (PDF)' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para a campanha' }).click();
  await expect(page.getByRole('heading', { name: 'Rifa Demo iPhone 16 Pro', level: 1 })).toBeVisible();
  // The whole normal path, new buyer's phone check included, logged no console error.
  expect(consoleErrors).toEqual([]);

  // A broken checkout link: 'Voltar ao início' is the campaign the buyer came from, not the organisers' login.
  await page.goto('/p/checkout?compra=link-quebrado');
  await expect(page.getByRole('heading', { name: 'Compra não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${DEMO_LINK}$`));
  await expect(page.getByRole('heading', { name: 'Rifa Demo iPhone 16 Pro', level: 1 })).toBeVisible();

  // The organiser sees the sale and the "Futuro" balance.
  const organiser = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await organiser.goto('/login');
  await organiser.getByLabel('E-mail').fill(DEMO.email);
  await organiser.getByLabel('Senha', { exact: true }).fill(DEMO.password);
  await organiser.getByRole('button', { name: 'Entrar na minha conta' }).click();
  await expect(organiser).toHaveURL(/\/dashboard$/);
  await organiser.goto('/campanhas');
  await organiser
    .getByRole('article', { name: 'Rifa Demo iPhone 16 Pro' })
    .getByRole('button', { name: 'Ver Painel' })
    .click();
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
    data: {
      buyer_phone: phone,
      campaign_link: DEMO_LINK,
      total_tickets: 3,
      payment_method_id: 1,
      terms_accepted: true,
    },
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
    .poll(
      async () =>
        ((await (await page.request.get(`/public/purchases/${hash}`)).json()) as { data: { status: { name: string } } })
          .data.status.name,
      {
        timeout: 30_000,
      },
    )
    .toBe('Cancelado');
  expect(await availableTickets(page)).toBe(before);
  await page.context().close();
});

/** A published campaign of the demo organiser, through the API; its public link. */
async function publishCampaign(page: Page, name: string): Promise<string> {
  const login = await page.request.post('/api/auth/login', { data: DEMO });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const { id, link } = await campaignByApi(page.request, headers, {
    name,
    draw_type_id: 1,
    total_tickets: 1000,
    ticket_price: 2.5,
    awards: [{ description: 'Notebook Gamer i7 16GB', value: 6500 }],
  });
  await publishByApi(page.request, headers, id);
  return link;
}

/** Line boxes of an element's text. */
const textLines = (page: Page, text: string) =>
  page
    .getByRole('dialog')
    .getByText(text, { exact: true })
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return {
        lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
        width: element.getBoundingClientRect().width,
        listWidth: element.parentElement!.getBoundingClientRect().width,
      };
    });

test('should keep a 120-character campaign name readable and move a returning buyer to a new phone', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await phonePage(browser);
  const stamp = Date.now().toString(36);
  const withSpaces =
    `Mega Rifa Beneficente de Natal da Associação de Moradores do Jardim das Flores com Prêmios para Toda a Família ${stamp}`.slice(
      -120,
    );
  const withoutSpaces = `${'X'.repeat(120 - stamp.length)}${stamp}`;

  let campaignPath = '';
  for (const name of [withSpaces, withoutSpaces]) {
    campaignPath = `/p/${await publishCampaign(page, name)}`;
    await page.goto(campaignPath);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    // The page never grows wider than the phone; the cards keep the 16 px gutter (no clipped corners).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const section of ['Prêmios', 'Regulamento', 'Compra segura']) {
      const box = (await page.getByRole('region', { name: section }).boundingBox())!;
      expect([section, Math.round(box.x), Math.round(box.x + box.width)]).toEqual([section, 16, 374]);
    }
    await page.getByRole('button', { name: '+10', exact: true }).click();
    await page.getByRole('button', { name: 'Participar Agora' }).first().click();
    // The reservation summary gives the name its whole width: a few lines, not a 9-line column.
    const { lines, width, listWidth } = await textLines(page, name);
    expect(width).toBeGreaterThan(listWidth - 40);
    expect(lines).toBeLessThanOrEqual(6);
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }

  // A buyer registered with an old phone comes back with a new one (the long-name campaign still open).
  const cpf = randomCpf();
  const oldPhone = randomPhone();
  const newPhone = randomPhone();
  const registered = await page.request.post('/public/buyers', {
    data: { name: 'Carla Registrada', phone: oldPhone, cpf, email: null },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.getByRole('button', { name: 'Participar Agora' }).first().click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(newPhone);
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await modal.getByRole('textbox', { name: 'Nome completo' }).fill('Carla Registrada');
  await modal.getByRole('textbox', { name: 'CPF' }).fill(cpf);
  await concludeReservation(modal);
  await expect(modal.getByText('Este CPF já está cadastrado com outro telefone.')).toBeVisible();
  await expect(modal.getByText('Use o telefone com que você se cadastrou.')).toBeVisible();
  await modal.getByRole('button', { name: 'Trocar de telefone' }).click();

  await expect(modal.getByRole('heading', { name: 'Trocar de telefone' })).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'CPF' })).toHaveValue(
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
  );
  // The code goes by WhatsApp to the new phone (and the old one): the sandbox keeps it in its mailbox.
  await modal.getByRole('button', { name: 'Enviar código' }).click();
  await expect(modal.getByRole('status')).toContainText('enviamos um código de 6 dígitos por WhatsApp');
  const sandboxMessages = async (phone: string) => {
    const reply = await page.request.get(`/api/sandbox/mailbox?to=${phone}`);
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { data: { text: string }[] }).data.map((message) => message.text);
  };
  const [codeMessage] = await sandboxMessages(newPhone);
  const code = /\b(\d{6})\b/.exec(codeMessage ?? '')![1]!;
  const codeField = modal.getByRole('textbox', { name: 'Código recebido no WhatsApp' });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await modal.getByRole('button', { name: 'Confirmar troca' }).click();
  await expect(
    modal.getByText('Código inválido ou expirado. Confira o CPF e o código, ou peça um novo código.'),
  ).toBeVisible();
  await codeField.fill(code);
  await modal.getByRole('button', { name: 'Confirmar troca' }).click();
  await expect(
    modal.getByText('Telefone atualizado. Seu cadastro e suas compras agora estão neste número.'),
  ).toBeVisible();
  await concludeReservation(modal);

  await expect(page).toHaveURL(/\/p\/checkout\?compra=/);
  const buyer = page.getByRole('region', { name: 'Dados do comprador' });
  await expect(buyer.getByText('Carla Registrada')).toBeVisible();
  await expect(buyer.getByText(`(11) *****-${newPhone.slice(-4)}`)).toBeVisible();
  const myTicketsFind = async (phone: string) => {
    await page.goto(`${campaignPath}/meus-numeros`);
    await page.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(phone);
    await page.getByRole('textbox', { name: 'CPF' }).fill(cpf);
    await page.getByRole('button', { name: 'Ver meus números' }).click();
  };
  await myTicketsFind(newPhone);
  await expect(page.getByRole('heading', { name: 'Olá, Carla Registrada!' })).toBeVisible();

  // The old phone was told, with a link that undoes the change for 7 days: the buyer is back on it.
  const notice = (await sandboxMessages(oldPhone)).find((text) => text.includes('desfazer-troca-de-telefone'))!;
  const undoLink = new URL(/https?:\/\/\S+desfazer-troca-de-telefone#[A-Za-z0-9_-]{43}/.exec(notice)![0]);
  await page.goto(`${undoLink.pathname}${undoLink.hash}`);
  await page.getByRole('button', { name: 'Desfazer a troca' }).click();
  await expect(page.getByRole('heading', { name: 'Troca desfeita', level: 1 })).toBeVisible();
  await expect(page.getByText('Pronto: seu cadastro voltou para este telefone.')).toBeVisible();
  await expect(page.getByText(`Telefone do cadastro: (11) *****-${oldPhone.slice(-4)}`)).toBeVisible();
  await myTicketsFind(oldPhone);
  await expect(page.getByRole('heading', { name: 'Olá, Carla Registrada!' })).toBeVisible();
  await page.context().close();
});

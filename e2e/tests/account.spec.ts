import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  organiserWithWallet,
  PASSWORD,
  publishedCampaign,
  randomCpf,
  randomPhone,
  sessionToken,
  signIn,
  signUp,
  uniqueEmail,
} from './support';

// Issue 14 journeys: 'Meus Dados' (profile, address by CEP from the fake provider, password change), the e-mail code
// read from the sandbox mailbox, the password reset by the e-mailed link (which logs the old session out), and a
// WhatsApp instance connected through the sandbox whose automatic messages reach a buyer exactly once.

const NEW_PASSWORD = 'NovaSenha456';
const RESET_PASSWORD = 'Redefinida789';

/** The newest e-mail to `to` in the sandbox mailbox, opened in its own tab; returns its text. */
async function readNewestMail(browser: Browser, baseURL: string, to: string, subject: RegExp): Promise<string> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const mailbox = await context.newPage();
  await mailbox.goto(`/sandbox/emails?para=${encodeURIComponent(to)}`);
  await expect(mailbox.getByRole('heading', { name: 'Caixa de e-mails (sandbox)' })).toBeVisible();
  const list = mailbox.getByRole('list', { name: 'E-mails recebidos' });
  await expect(list.getByText(subject).first()).toBeVisible();
  await list.getByText(subject).first().click();
  const dialog = mailbox.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const text = await dialog.innerText();
  await context.close();
  return text;
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Abrir menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('Meus Dados: the organiser edits profile and address (CEP auto-fill), changes the password and signs in with it', async ({
  page,
}) => {
  const email = uniqueEmail('perfil');
  await signUp(page, 'Paula Perfil', email);

  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Meus Dados' })).toBeVisible();
  await expect(page.getByText('E-mail não verificado')).toBeVisible();

  // Dados: masks on screen, digits to the server.
  await page.getByLabel('Nome completo').fill('Paula Perfil Souza');
  const cpf = randomCpf();
  await page.getByLabel('CPF').fill(cpf);
  await expect(page.getByLabel('CPF')).toHaveValue(
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
  );
  await page.getByLabel('Telefone').fill('11987654321');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await page.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(page.getByText('Dados salvos com sucesso!')).toBeVisible();
  const profile = await page.request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  const saved = ((await profile.json()) as { user: { name: string; cpf: string; phone: string } }).user;
  expect(saved).toMatchObject({ name: 'Paula Perfil Souza', cpf, phone: '11987654321' });

  // Endereço: the CEP fills street, neighbourhood, city and state; an unknown CEP says so.
  await page.getByRole('tab', { name: 'Endereço' }).click();
  await page.getByLabel('CEP').fill('99999999');
  await expect(page.getByText('CEP não encontrado ou inválido')).toBeVisible();
  await page.getByLabel('CEP').fill('01001000');
  await expect(page.getByLabel('Logradouro')).toHaveValue('Praça da Sé');
  await expect(page.getByLabel('Bairro')).toHaveValue('Sé');
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  await page.getByRole('textbox', { name: /^Número/ }).fill('100');
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(page.getByText('Endereço salvo com sucesso!')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Endereço' }).click();
  await expect(page.getByLabel('CEP')).toHaveValue('01001-000');
  await expect(page.getByRole('textbox', { name: /^Número/ })).toHaveValue('100');

  // Alterar Senha: a wrong current password is said under that field; the right one changes it.
  await page.getByRole('tab', { name: 'Alterar Senha' }).click();
  await page.getByLabel('Senha atual').fill('SenhaErrada1');
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha atual incorreta.')).toBeVisible();
  await page.getByLabel('Senha atual').fill(PASSWORD);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();

  await logOut(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar na minha conta' }).click();
  await expect(page.getByText(/E-mail ou senha incorretos/)).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
});

test('E-mail code from the sandbox mailbox, and a password reset by the e-mailed link that logs the old session out', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('codigo');
  await signUp(page, 'Carla Código', email);

  await page.goto('/perfil');
  await page.getByRole('button', { name: 'Verificar e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirme seu e-mail' });
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  const boxes = dialog.getByRole('group', { name: 'Código de verificação' });
  await expect(boxes).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeDisabled();

  const mail = await readNewestMail(browser, baseURL!, email, /código/i);
  // The code stands alone on its line (the recipient's address may hold six digits too).
  const code = /^\s*(\d{6})\s*$/m.exec(mail)?.[1];
  expect(code, mail).toBeTruthy();
  // A wrong code first: refused, nothing verified.
  const wrong = code === '000000' ? '111111' : '000000';
  // Typed digit by digit (the caret moves on by itself).
  await dialog.getByLabel('Dígito 1 de 6').click();
  await page.keyboard.type(wrong, { delay: 50 });
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByText('Código inválido. Tente novamente.')).toBeVisible();
  // Then the right one as a phone's autofill gives it: the whole code into the first box.
  await dialog.getByLabel('Dígito 1 de 6').fill(code!);
  await expect(dialog.getByLabel('Dígito 6 de 6')).toHaveValue(code!.slice(5));
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('E-mail verificado', { exact: true })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeDisabled();

  // The reset, from another browser; the first one keeps its (old) session.
  const other = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const resetPage = await other.newPage();
  await resetPage.goto('/login');
  await resetPage.getByRole('link', { name: /esqueci|esqueceu/i }).click();
  await expect(resetPage).toHaveURL(/\/esqueci-senha$/);
  await resetPage.getByLabel('E-mail').fill(email);
  await resetPage.getByRole('button', { name: /enviar/i }).click();
  await expect(resetPage.getByText(/Se este e-mail estiver cadastrado/)).toBeVisible();
  // The same reply for an address nobody registered.
  await resetPage.getByRole('button', { name: 'Usar outro e-mail' }).click();
  await resetPage.getByLabel('E-mail').fill(uniqueEmail('ninguem'));
  await resetPage.getByRole('button', { name: /enviar/i }).click();
  await expect(resetPage.getByText(/Se este e-mail estiver cadastrado/)).toBeVisible();

  const resetMail = await readNewestMail(browser, baseURL!, email, /Redefinição de senha/);
  const link = /https?:\/\/\S+\/redefinir-senha\?token=[A-Za-z0-9_-]+/.exec(resetMail)?.[0];
  expect(link, resetMail).toBeTruthy();
  await resetPage.goto(new URL(link!).pathname + new URL(link!).search);
  await resetPage.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('fraca');
  await expect(resetPage.getByText(/Senha deve conter:/)).toBeVisible();
  await resetPage.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(RESET_PASSWORD);
  await resetPage.getByLabel(/Confirmar/).fill(RESET_PASSWORD);
  await resetPage.getByRole('button', { name: /Redefinir senha/ }).click();
  await expect(resetPage).toHaveURL(/\/login/);
  await expect(resetPage.getByText('Senha redefinida com sucesso! Entre com a nova senha.')).toBeVisible();
  await signIn(resetPage, email, RESET_PASSWORD);

  // The link works once.
  await resetPage.goto(new URL(link!).pathname + new URL(link!).search);
  await resetPage.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('OutraSenha123');
  await resetPage.getByLabel(/Confirmar/).fill('OutraSenha123');
  await resetPage.getByRole('button', { name: /Redefinir senha/ }).click();
  await expect(resetPage.getByText(/inválido ou expirou/)).toBeVisible();
  await other.close();

  // The first browser's session was revoked: its next call sends it to the login page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('WhatsApp: an instance connected through the sandbox sends the buyer a reserved and a paid message, once each', async ({
  page,
}) => {
  const token = await organiserWithWallet(page, 'Walter WhatsApp', uniqueEmail('whatsapp'), randomCpf());
  const headers = { authorization: `Bearer ${token}` };

  await page.goto('/whatsapp');
  await expect(page.getByRole('heading', { name: 'Instâncias do WhatsApp' })).toBeVisible();

  async function createAndScan(name: string, phone: string): Promise<void> {
    await page.getByRole('button', { name: 'Nova instância' }).first().click();
    await page.getByLabel('Nome da instância').fill(name);
    await page.getByLabel('Número do WhatsApp').fill(phone);
    await page.getByRole('button', { name: 'Criar e conectar' }).click();
    const qr = page.getByRole('dialog', { name: 'Conectar WhatsApp' });
    await expect(qr.getByRole('img', { name: 'QR Code para conectar o WhatsApp' })).toBeVisible();
    // The sandbox "scans" it after a short delay; the dialog closes itself.
    await expect(qr).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('WhatsApp conectado!')).toBeVisible();
    await expect(page.getByRole('article', { name }).getByText('Conectado', { exact: true })).toBeVisible();
  }

  await createAndScan('loja-centro', '11987650001');
  await createAndScan('loja-bairro', '11987650002');
  const second = page.getByRole('article', { name: 'loja-bairro' });
  await second.getByRole('button', { name: 'Padrão' }).click();
  await expect(second.getByText('Padrão', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'loja-centro' }).getByRole('button', { name: 'Padrão' }),
  ).toBeVisible();

  // A buyer reserves and pays (public API, as the buyer journeys do through the pages).
  const { link } = await publishedCampaign(page.request, headers, {
    name: `Rifa do WhatsApp ${Date.now()}`,
    drawTypeId: 2,
    price: 2,
    awards: ['Bicicleta'],
    drawDatetime: '2027-12-31 20:00:00',
  });
  const buyerPhone = randomPhone();
  expect(
    (
      await page.request.post('/public/buyers', {
        data: { name: 'Bruno Comprador', phone: buyerPhone, cpf: randomCpf(), email: null },
      })
    ).status(),
  ).toBe(201);
  const purchase = await page.request.post('/public/purchases', {
    data: { buyer_phone: buyerPhone, campaign_link: link, total_tickets: 3, payment_method_id: 1, terms_accepted: true },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);
  const hash = ((await purchase.json()) as { data: { purchase_hash: string } }).data.purchase_hash;

  type Message = { kind: string; to_phone: string; body_text: string; status: string };
  const messagesTo = async () =>
    ((await (await page.request.get('/whatsapp/messages', { headers })).json()) as { data: Message[] }).data.filter(
      (m) => m.to_phone === `55${buyerPhone}`,
    );
  await expect
    .poll(async () => (await messagesTo()).map((m) => `${m.kind}:${m.status}`), { timeout: 20_000 })
    .toEqual(['purchase_reserved:sent']);
  const reserved = (await messagesTo())[0]!;
  expect(reserved.body_text).toMatch(/R\$\s6,00/);
  expect(reserved.body_text).toContain(`/p/checkout?compra=${hash}`);

  const view = (await (await page.request.get(`/public/purchases/${hash}`)).json()) as {
    data: { payment: { txid: string; copy_paste_code?: string }; tickets: { number: string }[] };
  };
  expect((await page.request.post(`/payments/sandbox/charges/${view.data.payment.txid}/pay`)).status()).toBe(200);
  await expect
    .poll(async () => (await messagesTo()).map((m) => `${m.kind}:${m.status}`).sort(), { timeout: 20_000 })
    .toEqual(['payment_confirmed:sent', 'purchase_reserved:sent']);
  const paidView = (await (await page.request.get(`/public/purchases/${hash}`)).json()) as {
    data: { tickets: { number: string }[] };
  };
  const paid = (await messagesTo()).find((m) => m.kind === 'payment_confirmed')!;
  for (const ticket of paidView.data.tickets) expect(paid.body_text).toContain(ticket.number);

  // Several worker ticks later, still exactly one of each; the organiser sees them on the page.
  await page.waitForTimeout(2_000);
  expect((await messagesTo()).length).toBe(2);
  await page.reload();
  const sent = page.getByRole('list', { name: 'Mensagens enviadas' });
  await expect(sent.getByText(paid.body_text.split('\n')[0]!).first()).toBeVisible();
});

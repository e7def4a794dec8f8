import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parsePix, hasError } from 'pix-utils';
import { SANDBOX_WEBHOOK_SECRET } from '../playwright.config';
import { randomCpf, sessionToken, signUp, uniqueEmail } from './support';

// Issue 3 journey: a new organiser opens a wallet through the wizard (CEP filled by the fake provider), sees it
// approved, deposits R$ 25,00, pays it with the sandbox button, reveals the balance and sees the deposit in the
// history; the same webhook replayed 10 times leaves the balance at R$ 25,00. On the way, the browser's Back moves
// between the wizard's steps, asks before leaving it, and nothing typed is lost (issue 11). Then (issue 30, item 11)
// a Pix out: the key written as people write it, a confirmation with the recipient the PSP names, the receipt with
// its end-to-end id and its PDF; the organiser's e-mails (wallet approved, transfer sent) land once each.

// A 1×1 PNG: a real image by its magic bytes, as the server checks.
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('should open a wallet, deposit R$ 25,00 by Pix, credit it exactly once and send R$ 10,00 out', async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('carla');
  await signUp(page, 'Carla Mendes', email);

  // Dashboard widget without a wallet → the wizard.
  await expect(page.getByText('Não aberta')).toBeVisible();
  await page.getByRole('link', { name: 'Abrir carteira digital' }).or(page.getByRole('button', { name: 'Abrir carteira digital' })).first().click();
  await expect(page).toHaveURL(/\/carteira\/adicionar$/);

  // Step 1: Dados Pessoais (name and e-mail prefilled from the account).
  await expect(page.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Carla Mendes');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('CPF deve ter 11 dígitos')).toBeVisible();
  // One CPF, one account: a CPF of its own, so the journey can run again against the same database.
  const cpf = randomCpf();
  const maskedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  await page.getByRole('textbox', { name: 'CPF' }).fill(cpf);
  await expect(page.getByRole('textbox', { name: 'CPF' })).toHaveValue(maskedCpf);
  await page.getByRole('textbox', { name: 'Telefone' }).fill('11987654321');
  await page.getByRole('textbox', { name: 'Data de nascimento' }).fill('15031990');
  await page.getByRole('button', { name: 'Próximo' }).click();

  // Back goes to the previous step with everything typed; Forward returns; a reload loses nothing either.
  await expect(page.getByRole('heading', { name: 'Endereço' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Dados Pessoais' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'CPF' })).toHaveValue(maskedCpf);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Telefone' })).toHaveValue('(11) 98765-4321');
  // Back on the first step asks before leaving the wizard.
  await page.goBack();
  const leave = page.getByRole('dialog', { name: 'Sair da abertura de conta?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Continuar preenchendo' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/carteira\/adicionar$/);
  await expect(page.getByRole('textbox', { name: 'CPF' })).toHaveValue(maskedCpf);
  await page.getByRole('button', { name: 'Próximo' }).click();

  // Step 2: Endereço, filled from the (fake) CEP provider.
  await expect(page.getByRole('heading', { name: 'Endereço' })).toBeVisible();
  await page.getByRole('textbox', { name: 'CEP' }).fill('01001000');
  await expect(page.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Praça da Sé');
  await expect(page.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Sé');
  await expect(page.getByRole('textbox', { name: 'Cidade' })).toHaveValue('São Paulo');
  await page.getByRole('textbox', { name: 'Número' }).fill('100');
  await page.getByRole('button', { name: 'Próximo' }).click();

  // Step 3: Documento.
  await expect(page.getByRole('heading', { name: 'Documento' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByRole('option', { name: /CNH/ }).click();
  await page.getByLabel('Arquivo do documento').setInputFiles({ name: 'cnh.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await page.getByRole('button', { name: 'Próximo' }).click();

  // Step 4: Finalização.
  await expect(page.getByRole('heading', { name: 'Finalização' })).toBeVisible();
  await expect(page.getByText(maskedCpf)).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar Abertura' }).click();
  await expect(page.getByRole('dialog', { name: 'Conta em Processo!' })).toBeVisible();
  await expect(page).toHaveURL(/\/carteiras$/, { timeout: 10_000 });

  // The sandbox KYC approves it: the page turns into the wallet dashboard by itself.
  await expect(page.getByRole('button', { name: 'Depositar' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('R$ ••••').first()).toBeVisible();

  // Deposit R$ 25,00.
  await page.getByRole('button', { name: 'Depositar' }).click();
  const form = page.getByRole('dialog', { name: 'Depositar via Pix' });
  await form.getByRole('textbox', { name: 'Valor' }).fill('499');
  await form.getByRole('textbox', { name: 'Descrição' }).fill('Primeiro depósito');
  await expect(form.getByText('Valor mínimo para depósito é R$ 5,00')).toBeVisible();
  await form.getByRole('textbox', { name: 'Valor' }).fill('2500');
  await expect(form.getByRole('textbox', { name: 'Valor' })).toHaveValue('25,00');
  await form.getByRole('button', { name: 'Gerar Pix' }).click();

  const pix = page.getByRole('dialog', { name: 'Pix gerado' });
  await expect(pix.getByRole('img', { name: 'QR Code Pix' })).toBeVisible();
  await expect(pix.getByText(/R\$\s25,00/).first()).toBeVisible();
  const code = await pix.locator('input[value^="000201"], textarea').first().inputValue();
  const parsed = parsePix(code);
  expect(hasError(parsed)).toBe(false);
  expect(code).toContain('540525.00');

  const [payResponse] = await Promise.all([
    page.waitForResponse((response) => /\/payments\/sandbox\/charges\/\w+\/pay$/.test(response.url())),
    pix.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click(),
  ]);
  expect(payResponse.status()).toBe(200);
  const { data: paid } = (await payResponse.json()) as { data: { webhook: unknown; end_to_end_id: string } };
  await expect(pix.getByText('Pagamento confirmado!')).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press('Escape');

  // Reveal the balance and find the deposit in the history.
  await page.getByRole('button', { name: 'Mostrar saldo' }).click();
  await expect(page.getByText(/R\$\s25,00/).first()).toBeVisible();
  const history = page.getByRole('list', { name: 'Histórico de transações' });
  await expect(history.getByText(/Primeiro depósito|Depósito/).first()).toBeVisible();
  await expect(history.getByText(/25,00/).first()).toBeVisible();

  // The PSP sends the same notification ten more times: it is acknowledged and credited nothing.
  for (let i = 0; i < 10; i++) {
    const replay = await page.request.post('/payments/webhook/pix', {
      data: paid.webhook,
      headers: { 'x-rifaria-sandbox-secret': SANDBOX_WEBHOOK_SECRET },
    });
    expect(replay.status()).toBe(200);
  }
  const token = await sessionToken(page);
  const wallets = await page.request.get('/api/user-wallets', { headers: { Authorization: `Bearer ${token}` } });
  const walletId = ((await wallets.json()) as { data: { id: number }[] }).data[0]!.id;
  const balance = await page.request.get(`/api/user-wallets/${walletId}/balance`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await balance.json()) as { data: { saldo_disponivel: number } }).data.saldo_disponivel).toBe(25);

  await page.reload();
  await page.getByRole('button', { name: 'Mostrar saldo' }).click();
  await expect(page.getByText(/R\$\s25,00/).first()).toBeVisible();

  // Transferir R$ 10,00 to a phone key written with punctuation: first the confirmation, nothing sent yet.
  await page.getByRole('button', { name: 'Transferir' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transferir via Pix' });
  await transfer.getByRole('textbox', { name: 'Valor' }).fill('1000');
  await transfer.getByRole('textbox', { name: 'Chave Pix' }).fill('(21) 98877-6655');
  await expect(transfer.getByText('Tipo: Celular')).toBeVisible();
  await transfer.getByRole('button', { name: 'Continuar' }).click();
  await expect(transfer.getByRole('heading', { name: 'Confira antes de transferir' })).toBeVisible();
  await expect(transfer.getByText('+55 (21) 98877-6655 (Celular)')).toBeVisible();
  await expect(transfer.getByText(/R\$\s10,00/)).toBeVisible();
  const recipientName = (await transfer.getByText('Para', { exact: true }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
  expect(recipientName).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+ \p{Lu}\p{L}+$/u);
  await expect(transfer.getByText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/)).toBeVisible();
  await transfer.getByRole('button', { name: 'Confirmar transferência' }).click();

  // The receipt: the end-to-end id, and the PDF the browser downloads with the session cookie.
  const receipt = page.getByRole('dialog', { name: 'Comprovante de transferência' });
  await expect(receipt.getByText('Transferência enviada')).toBeVisible({ timeout: 10_000 });
  await expect(receipt.getByText(recipientName)).toBeVisible();
  const endToEnd = (await receipt.getByText(/^E\d{20}[A-Za-z0-9]{11}$/).innerText()).trim();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    receipt.getByRole('link', { name: 'Baixar comprovante (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^comprovante-pix-\d+\.pdf$/);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await receipt.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(receipt).toBeHidden();

  // The history: the transfer out, its receipt one click away.
  await expect(history.getByText(/−\s*R\$\s10,00/)).toBeVisible();
  await history.getByRole('button', { name: /^Comprovante:/ }).first().click();
  const fromHistory = page.getByRole('dialog', { name: 'Comprovante' });
  await expect(fromHistory.getByText(endToEnd)).toBeVisible();
  await fromHistory.getByRole('button', { name: 'Fechar', exact: true }).click();

  // The organiser's e-mails, once each: the wallet approved and the transfer sent.
  const mailbox = await page.request.get(`/api/sandbox/mailbox?to=${encodeURIComponent(email)}`);
  const subjects = ((await mailbox.json()) as { data: { subject: string }[] }).data.map((mail) => mail.subject);
  expect(subjects.filter((subject) => subject === 'Sua conta digital Rifaria foi aprovada')).toHaveLength(1);
  expect(subjects.filter((subject) => /^Transferência Pix enviada: R\$\s10,00$/.test(subject))).toHaveLength(1);

  // The dashboard shows the wallet too, once: its card (issue 30: a green banner showed it a second time).
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
  await expect(page.getByRole('region', { name: 'Carteira Digital' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para Carteiras' })).toBeVisible();
  await expect(page.getByText('Ver carteira completa')).toHaveCount(0);

  // With the account open, the wizard's address says so instead of offering four steps that would be refused.
  await page.goto('/carteira/adicionar');
  await expect(page.getByRole('heading', { name: 'Você já possui uma conta digital' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Próximo' })).toHaveCount(0);
});

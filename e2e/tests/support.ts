import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Segura123';

/** Signs a new organiser up through the UI and waits for the dashboard. */
export async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/cadastro');
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail profissional').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await expect(page.getByText('Senhas coincidem')).toBeVisible();
  await expect(page.getByText('Forte')).toBeVisible();
  await page.getByRole('button', { name: 'Explorar a Rifaria' }).click();
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await expect(page.getByText('Redirecionando você para o seu painel de controle...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;

/** The bearer token the shell keeps in localStorage. */
export const sessionToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('rifaria-session') ?? '{}')?.state?.token as string | null);

// A 1×1 PNG: a real image by its magic bytes, as the server checks.
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * An organiser with an approved digital wallet, set up through the API (the wallet journey covers the wizard's UI),
 * then signed in through the login page. Returns the bearer token.
 */
export async function organiserWithWallet(page: Page, name: string, email: string, cpf: string): Promise<string> {
  const api = page.request;
  const registered = await api.post('/api/auth/register', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const body = (await registered.json()) as { access_token?: string; token?: string };
  const token = body.access_token ?? body.token ?? '';
  const headers = { authorization: `Bearer ${token}` };
  const opened = await api.post('/digital-wallets/abrir-conta', {
    headers,
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
  // The sandbox KYC reviewer approves it after KYC_SANDBOX_APPROVAL_DELAY_MS.
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

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar na minha conta' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return token;
}

import { expect, test, type Page } from '@playwright/test';

// Issue 2 journey: sign up through the UI, land on the dashboard greeting, log out, open a protected page
// logged out, log in, land back on it; a remote that fails to load breaks only its own route.

const password = 'Segura123';

async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/cadastro');
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('E-mail profissional').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar senha').fill(password);
  await expect(page.getByText('Senhas coincidem')).toBeVisible();
  await expect(page.getByText('Forte')).toBeVisible();
  await page.getByRole('button', { name: 'Explorar a Rifaria' }).click();
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await expect(page.getByText('Redirecionando você para o seu painel de controle...')).toBeVisible();
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar na minha conta' }).click();
}

test('should sign up, log out and return to the requested page after logging in', async ({ page }) => {
  const email = `maria.${Date.now()}@exemplo.com.br`;
  await signUp(page, 'Maria Aparecida Souza', email);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Olá, Maria!' })).toBeVisible();
  await expect(page.getByText('Aqui está um resumo das suas campanhas.')).toBeVisible();
  await expect(page.getByText('Cliente')).toBeVisible();

  const readToken = () => page.evaluate(() => JSON.parse(localStorage.getItem('rifaria-session') ?? '{}')?.state?.token ?? null);
  const firstToken = await readToken();
  expect(firstToken).toBeTruthy();

  await page.getByRole('button', { name: 'Abrir menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await readToken()).toBeNull();
  // The logout revoked the token on the server, not only in the browser.
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${firstToken}` } });
  expect(me.status()).toBe(401);

  await page.goto('/campanhas');
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/campanhas$/);
  await expect(page.getByRole('heading', { name: 'Minhas Campanhas' })).toBeVisible();
});

test('should refuse a wrong password and a duplicate e-mail with the spec messages', async ({ page }) => {
  const email = `joao.${Date.now()}@exemplo.com.br`;
  await signUp(page, 'João Pereira', email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Errada999');
  await page.getByRole('button', { name: 'Entrar na minha conta' }).click();
  await expect(page.getByText('E-mail ou senha incorretos. Tente novamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/cadastro');
  await page.getByLabel('Nome completo').fill('Outro João');
  await page.getByLabel('E-mail profissional').fill(email.toUpperCase());
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar senha').fill(password);
  await page.getByRole('button', { name: 'Explorar a Rifaria' }).click();
  await expect(page.getByText('Este e-mail já está cadastrado. Faça login ou use outro e-mail.')).toBeVisible();
});

test('should show a fallback for a remote that fails to load while the shell keeps working', async ({ page }) => {
  const email = `ana.${Date.now()}@exemplo.com.br`;
  await signUp(page, 'Ana Lima', email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Stop the wallet remote's files: every request for them fails.
  await page.route('**/_mf/mf-wallet/**', (route) => route.abort());
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Carteiras' }).click();
  await expect(page).toHaveURL(/\/carteiras$/);
  await expect(page.getByText('Não foi possível carregar esta seção.')).toBeVisible();

  // The rest of the app still works: another remote and the dashboard load.
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Campanhas' }).click();
  await expect(page.getByRole('heading', { name: 'Minhas Campanhas' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();

  // Once the remote is back, 'Tentar novamente' loads it without reloading the page.
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Carteiras' }).click();
  await expect(page.getByText('Não foi possível carregar esta seção.')).toBeVisible();
  await page.unroute('**/_mf/mf-wallet/**');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Carteiras' })).toBeVisible();
});

test('should serve the public legal pages without login', async ({ page }) => {
  await page.goto('/termos');
  await expect(page.getByRole('heading', { name: /Termos de Uso/ }).first()).toBeVisible();
  await page.goto('/privacidade');
  await expect(page.getByRole('heading', { name: /Política de Privacidade/ }).first()).toBeVisible();
  await expect(page.getByText(/LGPD|13\.709/).first()).toBeVisible();
});

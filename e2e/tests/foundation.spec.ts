import { expect, test, type Page } from '@playwright/test';
import { PASSWORD as password, sessionToken, signUp, uniqueEmail } from './support';

// Issue 2 journey: sign up through the UI, land on the dashboard greeting, log out, open a protected page
// logged out, log in, land back on it; a remote that fails to load breaks only its own route.

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
  await expect(page.getByText('Organizador', { exact: true })).toBeVisible();

  const readToken = () => sessionToken(page);
  const firstToken = await readToken();
  expect(firstToken).toBeTruthy();
  // The token lives in an HttpOnly cookie only: nothing of it in the page's storage.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(firstToken!);

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
  await page.context().clearCookies();

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
  // Stop the wallet remote's files before anything loads them: every request for them fails.
  await page.route('**/_mf/mf-wallet/**', (route) => route.abort());
  await signUp(page, 'Ana Lima', uniqueEmail('ana'));
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });

  // The dashboard's wallet card says so; the rest of the dashboard is there.
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  await expect(page.getByText('Não foi possível carregar este quadro agora.')).toBeVisible();

  await nav.getByRole('link', { name: 'Carteiras' }).click();
  await expect(page).toHaveURL(/\/carteiras$/);
  await expect(page.getByText('Não foi possível carregar esta seção.')).toBeVisible();

  // The rest of the app still works: another remote and the dashboard load.
  await nav.getByRole('link', { name: 'Campanhas' }).click();
  await expect(page.getByRole('heading', { name: 'Minhas Campanhas' })).toBeVisible();
  await nav.getByRole('link', { name: 'Início' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();

  // Once the remote is back, 'Tentar novamente' loads it without reloading the page.
  await nav.getByRole('link', { name: 'Carteiras' }).click();
  await expect(page.getByText('Não foi possível carregar esta seção.')).toBeVisible();
  await page.unroute('**/_mf/mf-wallet/**');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(
    page
      .getByRole('button', { name: 'Abrir conta digital' })
      .or(page.getByRole('link', { name: 'Abrir conta digital' }))
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('should get a half-loaded remote back with a page reload when retrying in place is not enough', async ({
  page,
}) => {
  await signUp(page, 'Bruno Costa', uniqueEmail('bruno'));
  // The dashboard already loaded the wallet remote (its widgets); now its section's files fail.
  await expect(page.getByText('Carteira Digital').first()).toBeVisible();
  await page.route('**/_mf/mf-wallet/**', (route) => route.abort());
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Carteiras' }).click();
  await expect(page.getByText('Não foi possível carregar esta seção.')).toBeVisible();
  await page.unroute('**/_mf/mf-wallet/**');

  const promo = page
    .getByRole('button', { name: 'Abrir conta digital' })
    .or(page.getByRole('link', { name: 'Abrir conta digital' }))
    .first();
  const reload = page.getByRole('button', { name: 'Recarregar a página' });
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(promo.or(reload)).toBeVisible();
  if (await reload.isVisible()) {
    await expect(page.getByText('Se o problema continuar, recarregue a página.')).toBeVisible();
    await reload.click();
  }
  await expect(promo).toBeVisible();
  await expect(page).toHaveURL(/\/carteiras$/);
});

test('should serve the public legal pages without login', async ({ page }) => {
  await page.goto('/termos');
  await expect(page.getByRole('heading', { name: /Termos de Uso/ }).first()).toBeVisible();
  await page.goto('/privacidade');
  await expect(page.getByRole('heading', { name: /Política de Privacidade/ }).first()).toBeVisible();
  await expect(page.getByText(/LGPD|13\.709/).first()).toBeVisible();
});

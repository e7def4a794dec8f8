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

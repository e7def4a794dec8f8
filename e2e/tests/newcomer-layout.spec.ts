import { expect, test, type Locator, type Page } from '@playwright/test';
import { phonePage, submitSignUp, uniqueEmail } from './support';

// Issue 11 ("Newcomer walk-through"), measured in a real browser where jsdom can lay nothing out: the sign-up
// spinner sits beside its sentence, and the 'Verifique seu email' buttons keep one-line labels on the dialog's
// 24 px gutter (side by side at 1366 px, stacked at full width with the main action on top at 390 px).

/** Line boxes of an element's text: 1 means its label did not wrap. */
const textLines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

/** The box inside the dialog content's padding: where the buttons must line up. */
const contentBox = (dialog: Locator) =>
  dialog.locator('.MuiDialogContent-root').evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return { left: rect.left + parseFloat(style.paddingLeft), right: rect.right - parseFloat(style.paddingRight) };
  });

async function signUpAndCheckSuccess(page: Page): Promise<void> {
  await submitSignUp(page, 'Maria Aparecida Souza', uniqueEmail('layout'));
  const status = page.getByRole('status').filter({ hasText: 'Conta criada com sucesso!' });
  await expect(status).toBeVisible();
  // Measured within the 2 s before the redirect: spinner right edge to the first glyph, centres of both.
  const gap = await status.evaluate((element) => {
    const spinner = element.querySelector('[role="progressbar"]')!.getBoundingClientRect();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node && !node.textContent!.startsWith('Redirecionando')) node = walker.nextNode();
    const range = document.createRange();
    range.selectNodeContents(node!);
    const firstLine = range.getClientRects()[0]!;
    return {
      horizontal: firstLine.left - spinner.right,
      vertical: Math.abs(firstLine.top + firstLine.height / 2 - (spinner.top + spinner.height / 2)),
    };
  });
  expect(gap.horizontal).toBeGreaterThanOrEqual(0);
  expect(gap.horizontal).toBeLessThanOrEqual(12);
  expect(gap.vertical).toBeLessThanOrEqual(3);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openVerificationModal(page: Page) {
  await page.getByRole('button', { name: 'Verificar email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verifique seu email' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Enviar email de verificação' });
  const later = dialog.getByRole('button', { name: 'Verificar mais tarde' });
  expect(await textLines(send)).toBe(1);
  expect(await textLines(later)).toBe(1);
  return { dialog, send: (await send.boundingBox())!, later: (await later.boundingBox())! };
}

test('should keep the sign-up spinner by its text and the verify-email buttons on one line at 1366 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signUpAndCheckSuccess(page);

  const { dialog, send, later } = await openVerificationModal(page);
  const content = await contentBox(dialog);
  expect(send.y).toBe(later.y);
  expect(later.x + later.width).toBeLessThan(send.x);
  expect(Math.abs(send.x + send.width - content.right)).toBeLessThanOrEqual(1);
});

test('should stack the verify-email buttons at full width on the gutter at 390 px', async ({ browser }) => {
  const page = await phonePage(browser);
  await signUpAndCheckSuccess(page);

  const { dialog, send, later } = await openVerificationModal(page);
  const content = await contentBox(dialog);
  expect(send.y + send.height).toBeLessThanOrEqual(later.y);
  for (const button of [send, later]) {
    expect(Math.abs(button.x - content.left)).toBeLessThanOrEqual(1);
    expect(Math.abs(button.x + button.width - content.right)).toBeLessThanOrEqual(1);
  }
  await page.context().close();
});

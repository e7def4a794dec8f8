import { expect, test, type Locator } from '@playwright/test';
import { organiserWithWallet, paidPurchase, publishedCampaign, randomCpf, uniqueEmail } from './support';

// Issue 30 (cosmetic), measured where jsdom lays nothing out: at 1366 px the sales table wrapped the CPF and the
// phone in the middle of the value, and on the phone the campaign panel's status badge, wrapped under a long name,
// sat indented. The table also shows each sale's first numbers and '+N', which opens the whole list.

/** Line boxes of an element's text: 1 means it did not wrap. */
const textLines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

test('should keep CPF and phone on one line at 1366 px, show the numbers, and align the badge on the phone', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const token = await organiserWithWallet(page, 'Organizadora Layout', uniqueEmail('layout-vendas'), randomCpf());
  const headers = { authorization: `Bearer ${token}` };
  const campaign = await publishedCampaign(page.request, headers, {
    name: 'Rifa Beneficente da Associação de Moradores do Bairro',
    drawTypeId: 1,
    price: 2.5,
    awards: ['Bicicleta'],
    drawDatetime: '2030-12-20 20:00:00',
  });
  await paidPurchase(page.request, campaign.link, 'Maria Aparecida de Albuquerque Cavalcanti', 8);

  await page.goto(`/campanhas/${campaign.id}/vendas`);
  const table = page.getByRole('table', { name: 'Vendas' });
  const row = table.getByRole('row').filter({ hasText: 'Maria Aparecida' });
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  const cpf = cells.nth(1);
  const phone = cells.nth(2);
  await expect(cpf).toHaveText(/^\*{3}\.\*{3}\.\*{3}-\d{2}$/);
  await expect(phone).toHaveText(/^\(11\) 9\d{4}-\d{4}$/);
  await page.screenshot({ path: testInfo.outputPath('sales-1366.png'), fullPage: true });
  // One line each: the cell is as tall as the one-line buyer-less cells of its row (the quantity).
  expect(await textLines(cpf)).toBe(1);
  expect(await textLines(phone)).toBe(1);
  const quantity = (await cells.nth(3).boundingBox())!;
  expect((await cpf.boundingBox())!.height).toBe(quantity.height);

  // The numbers: five shown, '+3' opens all eight.
  const more = row.getByRole('button', { name: /^Ver os 8 números de Maria/ });
  await expect(more).toHaveText('+3');
  await more.click();
  const dialog = page.getByRole('dialog', { name: /^Números de Maria/ });
  await expect(dialog.getByRole('listitem')).toHaveCount(8);
  await dialog.getByRole('button', { name: 'Fechar janela' }).click();
  await expect(dialog).toBeHidden();

  // The panel on the phone: the badge wrapped under the long name starts at the name's left edge.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/campanhas/${campaign.id}/painel`);
  const heading = page.getByRole('heading', { level: 1, name: /^Rifa Beneficente/ });
  const badge = page.getByText('Publicada', { exact: true }).first();
  await expect(badge).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('panel-390.png') });
  const name = (await heading.boundingBox())!;
  const chip = (await badge.locator('xpath=ancestor-or-self::*[contains(@class,"MuiChip-root")][1]').boundingBox())!;
  expect(chip.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
  expect(Math.abs(chip.x - name.x)).toBeLessThanOrEqual(1);
});

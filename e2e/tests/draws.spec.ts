import { expect, test, type Page } from '@playwright/test';
import { firstSandboxContestOn } from '../../api/src/draws/federal-results';
import {
  organiserWithWallet,
  paidPurchase,
  phonePage,
  publishedCampaign,
  randomCpf,
  shortDrawDatetime,
  uniqueEmail,
  verifyDraw,
} from './support';

// Issue 13 journey: an organiser's 'Sorteio Rifaria' and 'Loteria Federal' campaigns sell tickets paid by Pix (sandbox)
// until a draw datetime less than two minutes ahead. Once it passes, 'Realizar Sorteio' draws the winners on the
// panel; /p/{link}/resultado shows them and `npm run verify-draw` recomputes the same from the downloaded file; the
// Federal campaign draws 66, 14, 04 from 5732's prizes typed for the first contest from its draw date on (the sandbox
// dates its contests on Caixa's calendar and refuses an earlier one, issue 30 item 18); the wallet then has the money in 'Disponível' and a Pix
// transfer out goes through.

const PRIZES_5732 = ['50366', '33514', '45504', '94365', '51105'];

async function winnerNumbers(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Ganhadores' }).getByRole('listitem');
  const texts = await items.allInnerTexts();
  return texts.map((text) => /prêmio\s*(\d+)/.exec(text)?.[1] ?? text);
}

test('should draw verifiable winners, settle the money and let the organiser transfer it out', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const token = await organiserWithWallet(page, 'Organizadora do Sorteio', uniqueEmail('sorteio'), randomCpf());
  const headers = { authorization: `Bearer ${token}` };
  const draw = shortDrawDatetime();

  const rifaria = await publishedCampaign(page.request, headers, {
    name: `Sorteio Verificável ${Date.now()}`,
    drawTypeId: 2,
    price: 2,
    awards: ['Moto 0km', 'Celular'],
    drawDatetime: draw.wallClock,
  });
  const federal = await publishedCampaign(page.request, headers, {
    name: `Rifa pela Federal ${Date.now()}`,
    drawTypeId: 1,
    price: 1,
    awards: ['TV', 'Bicicleta', 'Fone'],
    drawDatetime: draw.wallClock,
  });
  await paidPurchase(page.request, rifaria.link, 'Ana Paula Souza', 5);
  await paidPurchase(page.request, rifaria.link, 'Bruno Lima', 3);
  await paidPurchase(page.request, federal.link, 'Carla Mendes', 100); // sold out

  // Before the draw: the public page shows the commitment and the rule; the panel the same commitment.
  const buyer = await phonePage(browser);
  await buyer.goto(`/p/${rifaria.link}`);
  const commitment = (
    (await (await page.request.get(`/public/campaigns/${rifaria.link}`)).json()) as {
      data: { draw_commitment: string };
    }
  ).data.draw_commitment;
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  await expect(buyer.getByText(commitment)).toBeVisible();

  await page.goto(`/campanhas/${rifaria.id}/painel`);
  await expect(page.getByText(commitment)).toBeVisible();
  // The countdown reaches the draw datetime on its own.
  await expect(page.getByText('Tempo Esgotado!')).toBeVisible({ timeout: draw.at.getTime() - Date.now() + 15_000 });
  await page.getByRole('button', { name: 'Realizar Sorteio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Realizar Sorteio' });
  await expect(dialog).toContainText('8 números pagos');
  await dialog.getByRole('button', { name: 'Realizar Sorteio' }).click();
  await expect(page.getByText('Sorteio realizado com sucesso!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Ganhadores' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Finalizada').first()).toBeVisible();
  const panelWinners = await winnerNumbers(page);
  expect(panelWinners).toHaveLength(2);
  await page.screenshot({ path: test.info().outputPath('panel-winners.png'), fullPage: true });

  // The public result page, on a phone: the same winners, names masked; the file recomputes them offline.
  await buyer.goto(`/p/${rifaria.link}/resultado`);
  const publicWinners = buyer.getByRole('list', { name: 'Ganhadores' }).getByRole('listitem');
  await expect(publicWinners).toHaveCount(2);
  for (const number of panelWinners) await expect(buyer.getByText(number, { exact: true }).first()).toBeVisible();
  await expect(buyer.getByText('Ana Paula Souza')).toHaveCount(0);
  await buyer.screenshot({ path: test.info().outputPath('public-result.png'), fullPage: true });
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    buyer.getByRole('link', { name: /Baixar arquivo de verificação/ }).click(),
  ]);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  // Against the commitment the buyer saw before the draw (without it the check is incomplete: exit 2).
  const output = verifyDraw(file, commitment);
  expect(output).toContain('Sorteio verificado: tudo confere com o que foi publicado antes do sorteio.');
  expect(output).toContain(`1º prêmio: ${panelWinners[0]}`);
  expect(output).toContain(`2º prêmio: ${panelWinners[1]}`);
  await buyer.context().close();

  // 'Loteria Federal': contest 5732 (18/01/2023) is refused for today's draw; the first contest from the draw date
  // on, with 5732's prizes typed as Caixa publishes them, is the organiser's (the sandbox made that contest up).
  await page.goto(`/campanhas/${federal.id}/painel`);
  await page.getByRole('button', { name: 'Incluir Vencedor' }).click();
  const federalDialog = page.getByRole('dialog', { name: 'Incluir Vencedor' });
  await federalDialog.getByRole('textbox', { name: /Número do concurso/ }).fill('5732');
  for (const [index, prize] of PRIZES_5732.entries()) {
    await federalDialog.getByRole('textbox', { name: `${index + 1}º prêmio` }).fill(prize);
  }
  await federalDialog.getByRole('button', { name: 'Incluir Vencedor' }).click();
  await expect(federalDialog.getByRole('alert')).toContainText(
    /O concurso 5732 foi realizado em 18\/01\/2023, antes da data do sorteio/,
  );
  const drawDay = draw.wallClock.slice(0, 10);
  await federalDialog.getByRole('textbox', { name: /Número do concurso/ }).fill(String(firstSandboxContestOn(drawDay)));
  for (const [index, prize] of PRIZES_5732.entries()) {
    await federalDialog.getByRole('textbox', { name: `${index + 1}º prêmio` }).fill(prize);
  }
  await federalDialog.getByRole('button', { name: 'Incluir Vencedor' }).click();
  await expect(page.getByRole('list', { name: 'Ganhadores' }).getByRole('listitem')).toHaveCount(3);
  expect(await winnerNumbers(page)).toEqual(['66', '14', '04']);

  // The wallet: R$ 16,00 + R$ 100,00 moved from 'Futuro' to 'Disponível'; a Pix out of it goes through.
  await page.goto('/carteiras');
  await page.getByRole('button', { name: 'Mostrar saldo' }).click();
  const available = page.getByText('Disponível', { exact: true }).locator('xpath=following-sibling::*[1]');
  const future = page.getByText('Futuro', { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(available).toHaveText(/R\$\s116,00/);
  await expect(future).toHaveText(/R\$\s0,00/);
  await page.getByRole('button', { name: 'Transferir' }).first().click();
  const transfer = page.getByRole('dialog', { name: 'Transferir via Pix' });
  await transfer.getByRole('textbox', { name: 'Valor' }).fill('50,00');
  await transfer.getByRole('textbox', { name: /Chave Pix/ }).fill('organizadora.sorteio@exemplo.com.br');
  await transfer.getByRole('button', { name: 'Continuar' }).click();
  await expect(transfer.getByRole('heading', { name: 'Confira antes de transferir' })).toBeVisible();
  await transfer.getByRole('button', { name: 'Confirmar transferência' }).click();
  const receipt = page.getByRole('dialog', { name: 'Comprovante de transferência' });
  await expect(receipt.getByText('Transferência enviada')).toBeVisible({ timeout: 15_000 });
  await expect(receipt.getByText(/^E\d{20}[A-Za-z0-9]{11}$/)).toBeVisible();
  await receipt.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(available).toHaveText(/R\$\s66,00/, { timeout: 15_000 });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VerificationFile } from '../../../src/draws/verification';
import { setupApp } from '../../helper';
import { drawableCampaign, drawCampaign, forge, paidOf, runVerifyDraw, withNumbers } from '../../support/draws';
import { setupOrganiser } from '../../support/organisers';
import { sellingConfig } from '../../support/purchases';

/**
 * `npm run verify-draw -- FILE --link URL` against a real server: the file is compared with the public campaign's
 * commitment (published before sales) and paid count, so a file that only agrees with itself fails (issue 29, item 3).
 */

const config = sellingConfig();
const t = setupApp({ config });
const owner = setupOrganiser(t);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-link-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('should agree with the genuine file and catch a forged seed or another paid count, exit 1', async () => {
  const campaign = await drawableCampaign(t.app, owner, { paid: [5, 3], pending: [2] });
  expect((await drawCampaign(t.app, owner, campaign.id)).statusCode).toBe(200);
  const download = await t.app.inject({
    method: 'GET',
    url: `/public/campaigns/${campaign.link}/result/verification.json`,
  });
  const file = JSON.parse(download.body) as VerificationFile;
  const page = (await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}` })).json().data;
  expect(page.stats.tickets_paid).toBe(8);

  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const link = `${address}/p/${campaign.link}/resultado`;

  const genuine = await runVerifyDraw(dir, download.body, '--link', link);
  expect(genuine.stdout).toContain(`✔ Compromisso da página da campanha: ${page.draw_commitment}`);
  expect(genuine.stdout).toContain('✔ Quantidade de números pagos: 8');
  expect(genuine.code).toBe(0);

  const forged = await runVerifyDraw(dir, forge(file), '--link', link);
  expect(forged.code).toBe(1);
  expect(forged.stdout).toContain(`✘ Compromisso da página da campanha: arquivo ${forge(file).commitment}`);

  // The genuine seed and beacon, one paid number left out and the winners recomputed: the paid count gives it away.
  const shrunk = withNumbers(file, paidOf(file).slice(1), Buffer.from(file.seed!, 'hex'));
  const fewer = await runVerifyDraw(dir, shrunk, '--link', link);
  expect(fewer.code).toBe(1);
  expect(fewer.stdout).toContain('✘ Quantidade de números pagos: arquivo 7, publicado 8');

  const unknown = await runVerifyDraw(dir, download.body, '--link', `${address}/p/nao-existe`);
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toContain('Não foi possível consultar a campanha');
}, 120_000);

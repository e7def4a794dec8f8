// Slow phone: copy as first tap — how long until the buyer sees 'Copiado!'?
const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  const url = await c.makePurchase(browser, 's12-setup');
  const ctx = await c.newContext(browser, 'pixel');
  const page = c.watch(await ctx.newPage(), 's12-slow-copy');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1600 * 128, uploadThroughput: 750 * 128 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => navigator.clipboard.writeText('VAZIO'));
  const t = Date.now();
  await page.getByRole('button', { name: 'Copiar código' }).tap();
  const tapMs = Date.now() - t;
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  await page.waitForTimeout(400);
  await c.shot(page, 's12-slow-copy-400ms');
  const copied = await page.getByRole('button', { name: 'Copiado!' }).waitFor({ timeout: 20000 }).then(() => Date.now() - t, () => 'never');
  console.log(`slow phone: tap took ${tapMs} ms; clipboard right after tap ok=${clip.startsWith('000201')}; 'Copiado!' shown ${copied} ms after the tap`);
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})();

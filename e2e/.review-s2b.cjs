// Countdown nearing the last minute on an untouched checkout (fake clock): the app takes over by itself.
const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  const url = await c.makePurchase(browser, 's2b-setup');
  for (const startLeft of [null, 45]) {
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), `s2b-${startLeft}`);
    await page.clock.install({ time: new Date() });
    if (startLeft !== null) {
      // page opened when only `startLeft` seconds remain (device clock ahead by 600-startLeft s; server_time corrects it? see output)
    }
    await page.goto(url);
    const timer = page.locator('[role=timer]');
    console.log(`[${startLeft}] loaded timer`, await timer.innerText());
    const hash = new URL(url).searchParams.get('compra');
    const pur = await (await fetch(`${c.BASE}/public/purchases/${hash}`)).json();
    const left = Math.round((Date.parse(pur.data.expires_at) - Date.parse(pur.data.server_time)) / 1000);
    const target = startLeft === null ? 80 : startLeft;
    await page.clock.fastForward((left - target) * 1000);
    for (let i = 0; i < 14; i++) {
      await page.clock.fastForward(1000);
      await page.waitForTimeout(150);
      const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name).join(','));
      const warn = await timer.getAttribute('data-warning').catch(() => null);
      console.log(`[${startLeft}] t=${i} timer=${await timer.innerText().catch(() => '-')} warning=${warn} marks=${marks}`);
    }
    await c.shot(page, `s2b-${startLeft ?? 'near'}-warning`);
    const alert = await page.getByRole('alert').allInnerTexts();
    console.log(`[${startLeft}] alerts`, alert);
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

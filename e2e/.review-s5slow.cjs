// A slow phone on a slow network: first tap right after the page shows; how long until it answers, what is lost?
const c = require('./.review-common.cjs');
async function slow(ctx, page, cpu, kbps, rtt) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: rtt, downloadThroughput: (kbps * 1024) / 8, uploadThroughput: (kbps * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}
(async () => {
  const browser = await c.launch();
  // 1) tap +1 right at DOMContentLoaded, then 'Participar Agora' as soon as it is enabled
  {
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's5-slow-plus1');
    await slow(ctx, page, 4, 1600, 150);
    const t0 = Date.now();
    await page.goto(`${c.BASE}/p/${c.LINK}`, { waitUntil: 'domcontentloaded' });
    console.log('DOMContentLoaded after', Date.now() - t0, 'ms');
    await c.shot(page, 's5-slow-01-dcl');
    const t1 = Date.now();
    await page.getByRole('button', { name: '+1 número' }).tap();
    console.log('tap done', Date.now() - t1, 'ms after DCL');
    await page.waitForTimeout(600);
    await c.shot(page, 's5-slow-02-600ms-after-tap');
    const tt = await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0, null, { timeout: 60000 }).then(() => Date.now() - t1, () => 'never');
    console.log('taken over', tt, 'ms after the tap; qty', await page.locator('input[type=number]').first().inputValue());
    await ctx.close();
  }
  // 2) type 25 quickly into the quantity field as first thing on a slow phone
  {
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's5-slow-type');
    await slow(ctx, page, 4, 1600, 150);
    await page.goto(`${c.BASE}/p/${c.LINK}`);
    const input = page.locator('input[type=number]').first();
    await input.tap();
    await page.keyboard.type('25', { delay: 60 });
    await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0, null, { timeout: 60000 });
    await page.waitForTimeout(800);
    console.log(`slow phone: typed '25' into quantity first -> value '${await input.inputValue()}'`);
    await c.shot(page, 's5-slow-03-typed');
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

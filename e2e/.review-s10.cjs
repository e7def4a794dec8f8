// Checkout: app cannot load at first touch; background tab polling.
const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  const url = await c.makePurchase(browser, 's10-setup');
  const hash = new URL(url).searchParams.get('compra');
  {
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's10-checkout-app-blocked');
    await page.route(/\.chunk\.js$/, (r) => r.abort('internetdisconnected'));
    let polls = 0; page.on('request', (r) => { if (r.url().includes('/public/purchases/')) polls++; });
    await page.goto(url);
    await page.evaluate(() => navigator.clipboard.writeText('VAZIO'));
    await page.getByRole('button', { name: 'Copiar código' }).tap();
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    await page.waitForTimeout(1500);
    const t1 = await page.locator('[role=timer]').innerText();
    const p1 = polls;
    await page.waitForTimeout(7000);
    const t2 = await page.locator('[role=timer]').innerText();
    console.log(`checkout, app blocked: copied=${clip.startsWith('000201')} timer ${t1} -> ${t2} (7 s later); polls in those 7 s: ${polls - p1}; alert: ${(await page.getByRole('alert').allInnerTexts()).join(' / ').replace(/\n/g, ' ')}`);
    await c.shot(page, 's10-checkout-app-blocked');
    await ctx.close();
  }
  {
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's10-bg');
    const polls = []; page.on('request', (r) => { if (r.url().includes('/public/purchases/')) polls.push(Date.now()); });
    await page.goto(url);
    const other = await ctx.newPage();
    await other.goto('about:blank');
    await other.bringToFront();
    await page.waitForTimeout(300);
    console.log('visibility of checkout tab after other tab in front:', await page.evaluate(() => document.visibilityState));
    const n0 = polls.length;
    await page.waitForTimeout(7000);
    console.log('polls while in background 7 s:', polls.length - n0);
    await page.bringToFront();
    const tb = Date.now();
    await page.waitForTimeout(500);
    console.log('visible again: poll within 500 ms:', polls.some((p) => p >= tb - 50), 'vis', await page.evaluate(() => document.visibilityState));
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

// Edge cases: layout mismatch, share as first tap, app that cannot load, link before take-over.
const c = require('./.review-common.cjs');
const { devices } = require('@playwright/test');
(async () => {
  const browser = await c.launch();
  // 1) desktop UA on a phone-sized viewport (and the reverse)
  for (const [label, opts] of [
    ['desktopUA-375', { viewport: { width: 375, height: 667 }, userAgent: devices['Desktop Chrome'].userAgent }],
    ['mobileUA-1366', { viewport: { width: 1366, height: 768 }, userAgent: devices['Pixel 7'].userAgent }],
  ]) {
    const ctx = await browser.newContext({ ...opts, locale: 'pt-BR' });
    const page = c.watch(await ctx.newPage(), `s9-${label}`);
    const scripts = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url().split('/').pop()); });
    await page.goto(`${c.BASE}/p/${c.LINK}`);
    await page.waitForTimeout(1500);
    console.log(label, 'marks', await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name)), 'scripts', scripts.join(' '));
    await c.shot(page, `s9-${label}`);
    const plus = page.getByRole('button', { name: /^\+1 número$|^Aumentar quantidade$/ }).first();
    await plus.click();
    await page.waitForTimeout(300);
    console.log(label, 'qty after click', await page.locator('input[type=number]').first().inputValue());
    await ctx.close();
  }
  // 2) 'Compartilhar' as first tap
  {
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's9-share-first');
    await page.goto(`${c.BASE}/p/${c.LINK}`);
    await page.getByRole('button', { name: 'Compartilhar' }).tap();
    await page.waitForTimeout(1500);
    console.log('share first tap: dialog/menu visible:', await page.locator('[role=dialog],[role=menu],[role=presentation]').count(), 'text:', (await page.locator('[role=dialog],[role=menu]').first().innerText().catch(() => '-')).replace(/\n+/g, ' | ').slice(0, 200));
    await c.shot(page, 's9-share-first');
    await ctx.close();
  }
  // 3) the app's code cannot be downloaded
  {
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's9-app-blocked');
    await page.route(/\.chunk\.js$/, (r) => r.abort('internetdisconnected'));
    await page.goto(`${c.BASE}/p/${c.LINK}`);
    await page.getByRole('button', { name: '+1 número' }).tap();
    await page.waitForTimeout(3000);
    const alert = await page.getByRole('alert').allInnerTexts();
    console.log('app blocked: alerts', alert, 'qty', await page.locator('input[type=number]').first().inputValue());
    await c.shot(page, 's9-app-blocked');
    // Try again with network back
    await page.unroute(/\.chunk\.js$/);
    const retry = page.getByRole('button', { name: 'Tentar novamente' });
    if (await retry.count()) { await retry.tap(); await page.waitForLoadState('load'); await page.waitForTimeout(500); console.log('after Tentar novamente: url', page.url(), 'alerts', await page.getByRole('alert').count()); }
    await ctx.close();
  }
  // 4) a link before take-over
  {
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's9-link-first');
    await page.goto(`${c.BASE}/p/${c.LINK}`);
    await page.getByRole('link', { name: 'Meus números' }).tap();
    await page.waitForURL(/meus-numeros/, { timeout: 5000 }).catch(() => {});
    await page.waitForTimeout(800);
    console.log('link first: url', page.url().replace(c.BASE, ''), 'h1', await page.locator('h1').first().innerText().catch(() => '-'));
    await c.shot(page, 's9-link-first');
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

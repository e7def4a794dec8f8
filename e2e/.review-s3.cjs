// 'Copiar código' as the very first interaction on a freshly loaded (server-drawn) checkout.
const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  const url = await c.makePurchase(browser, 's3-setup');
  const hash = new URL(url).searchParams.get('compra');
  const pur = await (await fetch(`${c.BASE}/public/purchases/${hash}`)).json();
  const code = pur.data.payment.copy_paste_code;
  for (const kind of ['pixel', 'iphone', 'desktop']) {
    const ctx = await c.newContext(browser, kind);
    const page = c.watch(await ctx.newPage(), `s3-${kind}`);
    await page.goto(url);
    await page.evaluate(() => navigator.clipboard.writeText('VAZIO'));
    const marks0 = await page.evaluate(() => performance.getEntriesByType('mark').length);
    const btn = page.getByRole('button', { name: 'Copiar código' });
    const hasAttr = await btn.getAttribute('data-copy-text');
    const t0 = Date.now();
    if (kind === 'desktop') await btn.click(); else await btn.tap();
    const clipNow = await page.evaluate(() => navigator.clipboard.readText());
    const labelNow = await page.locator('button[data-copy-text]').innerText();
    let copiedAt = null;
    try { await page.getByRole('button', { name: 'Copiado!' }).waitFor({ timeout: 5000 }); copiedAt = Date.now() - t0; } catch {}
    await c.shot(page, `s3-${kind}-copied`);
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    console.log(`${kind}: marks before tap=${marks0}; data-copy-text matches code: ${hasAttr === code}; clipboard right after tap == code: ${clipNow === code}; label right after tap: '${labelNow}'; 'Copiado!' after ${copiedAt} ms; clipboard final ok: ${clip === code}`);
    await page.waitForTimeout(2500);
    console.log(`${kind}: label after 2.5 s: '${await page.locator('button[data-copy-text]').innerText()}'`);
    await ctx.close();
  }
  // Without clipboard permissions granted (ordinary browser profile): copy in the tap must still work.
  {
    const { chromium, devices } = require('@playwright/test');
    const ctx = await browser.newContext({ ...devices['Pixel 7'], locale: 'pt-BR' });
    const page = c.watch(await ctx.newPage(), 's3-noperm');
    await page.goto(url);
    await page.getByRole('button', { name: 'Copiar código' }).tap();
    await page.getByRole('button', { name: 'Copiado!' }).waitFor({ timeout: 5000 }).catch(() => console.log('noperm: no Copiado!'));
    await ctx.grantPermissions(['clipboard-read'], { origin: c.BASE });
    const clip = await page.evaluate(() => navigator.clipboard.readText()).catch((e) => 'ERR ' + e.message);
    console.log('noperm: clipboard ok', clip === code, clip.slice(0, 30));
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

// Does the take-over change what the buyer sees? (before/after screenshots, pixel diff) + first taps on the checkout.
const c = require('./.review-common.cjs');
const { PNG } = (() => { try { return require('pngjs'); } catch { return {}; } })();
const fs = require('fs');
function diff(a, b) {
  if (!PNG) return 'pngjs n/a';
  const A = PNG.sync.read(fs.readFileSync(a)), B = PNG.sync.read(fs.readFileSync(b));
  if (A.width !== B.width || A.height !== B.height) return `size ${A.width}x${A.height} vs ${B.width}x${B.height}`;
  let n = 0, minY = 1e9, maxY = -1;
  for (let i = 0; i < A.data.length; i += 4) {
    if (Math.abs(A.data[i] - B.data[i]) + Math.abs(A.data[i + 1] - B.data[i + 1]) + Math.abs(A.data[i + 2] - B.data[i + 2]) > 30) { n++; const y = Math.floor(i / 4 / A.width); minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
  }
  return `${n} px differ (${((100 * n) / (A.width * A.height)).toFixed(2)}%), rows ${minY}-${maxY}`;
}
(async () => {
  const browser = await c.launch();
  const url = await c.makePurchase(browser, 's7-setup');
  for (const kind of ['pixel', 'iphone', 'desktop']) {
    for (const [name, path] of [['campaign', `/p/${c.LINK}`], ['checkout', url.replace(c.BASE, '')]]) {
      const ctx = await c.newContext(browser, kind);
      const page = c.watch(await ctx.newPage(), `s7-${kind}-${name}`);
      await page.goto(c.BASE + path);
      await page.waitForTimeout(300);
      const a = await c.shot(page, `s7-${kind}-${name}-before`, true);
      await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
      await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0, null, { timeout: 10000 }).catch(() => console.log('no take-over mark'));
      await page.waitForTimeout(800);
      const b = await c.shot(page, `s7-${kind}-${name}-after`, true);
      console.log(`${kind} ${name}: before vs after take-over: ${diff(a, b)}`);
      await ctx.close();
    }
  }
  await browser.close(); console.log('LOGS:\n' + c.logs.join('\n')); return;
  // first tap on the checkout is 'Simular pagamento (sandbox)'
  {
    const url2 = await c.makePurchase(browser, 's7-setup2');
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's7-simulate-first');
    await page.goto(url2);
    const t = Date.now();
    await page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).tap();
    const ok = await page.getByText('Pagamento confirmado!').first().waitFor({ timeout: 10000 }).then(() => Date.now() - t, () => 'never');
    console.log('simulate as first tap -> Pagamento confirmado! after', ok, 'ms');
    await ctx.close();
  }
  // copy, then quickly simulate before the app is there
  {
    const url3 = await c.makePurchase(browser, 's7-setup3');
    const ctx = await c.newContext(browser, 'pixel');
    const page = c.watch(await ctx.newPage(), 's7-copy-then-simulate');
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(url3);
    await page.evaluate(() => navigator.clipboard.writeText('VAZIO'));
    const bc = await page.getByRole('button', { name: 'Copiar código' }).boundingBox();
    const bs = await page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).boundingBox();
    await page.touchscreen.tap(bc.x + bc.width / 2, bc.y + bc.height / 2);
    await page.waitForTimeout(100);
    await page.touchscreen.tap(bs.x + bs.width / 2, bs.y + bs.height / 2);
    const ok = await page.getByText('Pagamento confirmado!').first().waitFor({ timeout: 15000 }).then(() => true, () => false);
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    console.log('copy then simulate quickly: paid screen', ok, '; clipboard has code', clip.startsWith('000201'));
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

// The Pix copy-and-paste field before and after the take-over.
const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  const url = await c.makePurchase(browser, 's8-setup');
  for (const kind of ['pixel', 'iphone', 'desktop']) {
    const ctx = await c.newContext(browser, kind);
    const page = c.watch(await ctx.newPage(), `s8-${kind}`);
    await page.goto(url);
    const field = page.getByRole('textbox', { name: 'Pix copia e cola' });
    const m = () => field.evaluate((e) => ({ tag: e.tagName, rows: e.getAttribute('rows'), h: e.clientHeight, sh: e.scrollHeight, style: e.getAttribute('style') }));
    const before = await m();
    const card = page.locator('button[data-copy-text]').locator('xpath=..');
    await field.locator('xpath=ancestor::div[contains(@class,"MuiTextField-root") or contains(@class,"MuiFormControl-root")][1]').screenshot({ path: `/tmp/review/shots/s8-${kind}-pix-before.png` });
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
    await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0);
    await page.waitForTimeout(500);
    const after = await m();
    await field.locator('xpath=ancestor::div[contains(@class,"MuiTextField-root") or contains(@class,"MuiFormControl-root")][1]').screenshot({ path: `/tmp/review/shots/s8-${kind}-pix-after.png` });
    console.log(kind, 'before', JSON.stringify(before), '\n      after ', JSON.stringify(after));
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

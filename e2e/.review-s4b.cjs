// Desktop keyboard: Aumentar quantidade + Participar; and typing into the quantity field as the first thing.
const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  {
    const ctx = await c.newContext(browser, 'desktop');
    const page = c.watch(await ctx.newPage(), 's4b-desktop');
    await page.goto(`${c.BASE}/p/${c.LINK}`);
    const desc = () => page.evaluate(() => { const e = document.activeElement; return e === document.body ? 'body' : `${e.tagName.toLowerCase()}[${e.getAttribute('aria-label') || (e.innerText || '').trim().slice(0, 30) || e.getAttribute('type')}]`; });
    for (let i = 0; i < 20; i++) { await page.keyboard.press('Tab'); if ((await desc()).includes('Aumentar')) break; }
    console.log('desktop focus', await desc());
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0, null, { timeout: 10000 });
    await page.waitForTimeout(400);
    console.log('desktop qty after Enter on Aumentar:', await page.locator('input[type=number]').first().inputValue(), 'focus', await desc());
    let ok = false; const seen = [];
    for (let i = 0; i < 20; i++) { await page.keyboard.press('Tab'); const d = await desc(); seen.push(d); if (d.includes('Participar')) { ok = true; break; } }
    console.log('desktop tabs to participar', seen.join(' -> '));
    if (ok) { await page.keyboard.press('Enter'); console.log('desktop dialog', await page.getByRole('dialog').waitFor({ timeout: 5000 }).then(() => true, () => false)); }
    await c.shot(page, 's4b-desktop-dialog');
    await ctx.close();
  }
  for (const kind of ['desktop', 'pixel']) {
    const ctx = await c.newContext(browser, kind);
    const page = c.watch(await ctx.newPage(), `s4b-type-${kind}`);
    await page.goto(`${c.BASE}/p/${c.LINK}`);
    const input = page.locator('input[type=number]').first();
    if (kind === 'desktop') { for (let i = 0; i < 20; i++) { await page.keyboard.press('Tab'); if (await input.evaluate((e) => e === document.activeElement)) break; } }
    else await input.tap();
    await page.keyboard.type('25', { delay: 80 });
    await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0, null, { timeout: 10000 });
    await page.waitForTimeout(500);
    console.log(`${kind}: typed '25' into quantity as first action -> value '${await input.inputValue()}'; total: ${await page.getByText(/Total \(/).first().innerText().catch(() => '?')}`);
    await c.shot(page, `s4b-type-${kind}`);
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

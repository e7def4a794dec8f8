const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  for (const kind of ['pixel', 'iphone']) {
    const ctx = await c.newContext(browser, kind);
    const page = c.watch(await ctx.newPage(), 's11-' + kind);
    await page.goto(`${c.BASE}/p/${c.LINK}`);
    const plus = page.getByRole('button', { name: '+1 número' });
    const b0 = await plus.boundingBox();
    await plus.tap();
    await page.waitForTimeout(1000);
    const b1 = await plus.boundingBox();
    await c.shot(page, `s11-${kind}-after-first-plus1`);
    console.log(kind, '+1 button y at qty 0:', Math.round(b0.y), 'h', Math.round(b0.height), '→ at qty 1:', Math.round(b1.y), '; tap point of the first tap now hits:', await page.evaluate(([x, y]) => { const e = document.elementFromPoint(x, y); return e ? (e.closest('button')?.getAttribute('aria-label') || e.tagName + '.' + (e.className || '').toString().slice(0, 40)) : null; }, [b0.x + b0.width / 2, b0.y + b0.height / 2]));
    await ctx.close();
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})();

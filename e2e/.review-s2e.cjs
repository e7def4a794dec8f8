const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  const ctx = await c.newContext(browser, 'pixel');
  const p = c.watch(await ctx.newPage(), 's2e-expired-fresh');
  const r = await p.goto(process.argv[2]);
  await p.waitForTimeout(4000);
  console.log('HTTP', r.status(), 'marks', await p.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name)));
  console.log((await p.locator('#root').innerText()).replace(/\n+/g, ' | ').slice(0, 500));
  await c.shot(p, 's2e-expired-fresh', true);
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})();

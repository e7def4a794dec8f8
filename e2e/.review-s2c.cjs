// Real time: an untouched checkout near the last minute; and one opened at 85 s left; and expiry.
const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  const url = process.argv[2] || await c.makePurchase(browser, 's2c-setup');
  const hash = new URL(url).searchParams.get('compra');
  console.log('checkout', url);
  const ctxA = await c.newContext(browser, 'pixel');
  const a = c.watch(await ctxA.newPage(), 's2c-A-open-all-along');
  await a.goto(url);
  const pur = await (await fetch(`${c.BASE}/public/purchases/${hash}`)).json();
  const expires = Date.parse(pur.data.expires_at) - Date.parse(pur.data.server_time) + Date.now();
  const leftNow = () => Math.round((expires - Date.now()) / 1000);
  while (leftNow() > 88) await a.waitForTimeout(5000);
  const ctxB = await c.newContext(browser, 'iphone');
  const b = c.watch(await ctxB.newPage(), 's2c-B-opened-at-88s');
  await b.goto(url);
  const mk = (p) => p.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name.replace('rifaria:', '')).join(','));
  while (leftNow() > -8) {
    const row = [];
    for (const [n, p] of [['A', a], ['B', b]]) {
      const t = await p.locator('[role=timer]').innerText({ timeout: 300 }).catch(() => '-');
      const w = await p.locator('[role=timer]').getAttribute('data-warning', { timeout: 300 }).catch(() => '-');
      const h = await p.locator('h1').first().innerText({ timeout: 300 }).catch(() => '-');
      row.push(`${n}: ${t} warn=${w} marks=${await mk(p)} h1=${h}`);
    }
    console.log(`real left ${leftNow()}s | ${row.join(' | ')}`);
    if (leftNow() === 65) { await c.shot(a, 's2c-A-65s'); }
    if (leftNow() === 55) { await c.shot(a, 's2c-A-55s'); await c.shot(b, 's2c-B-55s'); }
    await a.waitForTimeout(1000);
  }
  await a.waitForTimeout(4000);
  await c.shot(a, 's2c-A-expired', true);
  await c.shot(b, 's2c-B-expired');
  console.log('A text after expiry:', (await a.locator('#root').innerText()).replace(/\n+/g, ' | ').slice(0, 400));
  // Fresh load of the expired checkout
  const ctxC = await c.newContext(browser, 'pixel');
  const cp = c.watch(await ctxC.newPage(), 's2c-C-expired-fresh');
  await cp.goto(url);
  await cp.waitForTimeout(1500);
  await c.shot(cp, 's2c-C-expired-fresh', true);
  console.log('C fresh expired:', (await cp.locator('#root').innerText()).replace(/\n+/g, ' | ').slice(0, 400), 'marks', await mk(cp));
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

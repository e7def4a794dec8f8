// Untouched checkout turns to 'Pagamento confirmado!' by itself when paid elsewhere.
const c = require('./.review-common.cjs');
const kind = process.argv[2] || 'pixel';
(async () => {
  const browser = await c.launch();
  const url = await c.makePurchase(browser, `s2-setup-${kind}`);
  const hash = new URL(url).searchParams.get('compra');
  console.log('checkout', url);
  const ctx = await c.newContext(browser, kind);
  const page = c.watch(await ctx.newPage(), `s2-${kind}`);
  const polls = [];
  page.on('request', (r) => { if (r.url().includes('/public/purchases/')) polls.push(Date.now()); });
  const scripts = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url().replace(c.BASE, '')); });
  await page.goto(url);
  const t0 = Date.now();
  await c.shot(page, `s2-${kind}-01-loaded`);
  const timer = page.locator('[role=timer]');
  const ticks = [];
  for (let i = 0; i < 5; i++) { ticks.push(await timer.innerText()); await page.waitForTimeout(1000); }
  console.log('ticks (untouched)', ticks.join(' '));
  console.log('marks before pay', await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name)));
  console.log('scripts so far', scripts);
  console.log('polls so far (ms since load)', polls.map((p) => p - t0));
  const pur = await (await fetch(`${c.BASE}/public/purchases/${hash}`)).json();
  const txid = pur.data.payment && pur.data.payment.txid;
  console.log('txid', txid, 'payment keys', pur.data.payment && Object.keys(pur.data.payment));
  const res = await fetch(`${c.BASE}/payments/sandbox/charges/${encodeURIComponent(txid)}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  console.log('pay via API', res.status, (await res.text()).slice(0, 200));
  const tp = Date.now();
  await page.getByText('Pagamento confirmado!').first().waitFor({ timeout: 15000 });
  console.log('untouched page showed Pagamento confirmado! after', Date.now() - tp, 'ms');
  await page.waitForTimeout(700);
  console.log('marks after', await page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name}@${Math.round(m.startTime)}`)));
  await c.shot(page, `s2-${kind}-02-paid`, true);
  const txt = (await page.locator('#root').innerText()).replace(/\n+/g, ' | ');
  console.log('paid page:', txt.slice(0, 300));
  console.log('timer still present?', await timer.count());
  // stays calm afterwards: no more polling
  const n = polls.length; await page.waitForTimeout(7000);
  console.log('polls after paid during 7s:', polls.length - n);
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

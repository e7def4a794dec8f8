// Instrumented: when does each tap land relative to intent / taken-over, and what does the quantity do?
const c = require('./.review-common.cjs');
async function run(browser, label, seq, { cpu = 1, gapMs = 100 } = {}) {
  const ctx = await c.newContext(browser, 'pixel');
  await ctx.addInitScript(() => {
    window.__ev = [];
    const t0 = performance.now();
    addEventListener('click', (e) => {
      const b = e.target.closest && e.target.closest('button');
      window.__ev.push(`${Math.round(performance.now())} click ${b && b.getAttribute('aria-label')} trusted=${e.isTrusted} marks=${performance.getEntriesByType('mark').map((m) => m.name).join(',')}`);
    }, true);
    new MutationObserver(() => {
      const i = document.querySelector('input[type=number]');
      if (i && i.value !== window.__last) { window.__last = i.value; window.__ev.push(`${Math.round(performance.now())} qty=${i.value}`); }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const page = c.watch(await ctx.newPage(), label);
  const cdp = await ctx.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(`${c.BASE}/p/${c.LINK}`);
  const boxes = {};
  for (const name of new Set(seq)) boxes[name] = await page.getByRole('button', { name, exact: true }).first().boundingBox();
  for (const name of seq) {
    const b = boxes[name];
    await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
    await page.waitForTimeout(gapMs);
  }
  await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0, null, { timeout: 20000 });
  await page.waitForTimeout(1000);
  const ev = await page.evaluate(() => [...window.__ev, ...performance.getEntriesByType('mark').map((m) => `${Math.round(m.startTime)} MARK ${m.name}`)]);
  ev.sort((a, b) => parseInt(a) - parseInt(b));
  console.log(`--- ${label} qty=${await page.locator('input[type=number]').first().inputValue()}\n` + ev.join('\n'));
  await c.shot(page, 's1c-' + label);
  await ctx.close();
}
(async () => {
  const browser = await c.launch();
  await run(browser, 'plus1x2-gap250-cpu1', ['+1 número', '+1 número'], { gapMs: 250 });
  await run(browser, 'plus1x2-gap250-cpu4', ['+1 número', '+1 número'], { cpu: 4, gapMs: 250 });
  await run(browser, 'plus10x2-gap250-cpu4', ['+10 números', '+10 números'], { cpu: 4, gapMs: 250 });
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); process.exit(1); });

// Quick taps before the app has taken over: are they all kept?
const c = require('./.review-common.cjs');

async function run(browser, label, seq, { cpu = 1, gapMs = 120, waitLoad = 'load' } = {}) {
  const ctx = await c.newContext(browser, 'pixel');
  const page = c.watch(await ctx.newPage(), label);
  const cdp = await ctx.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(`${c.BASE}/p/${c.LINK}`, { waitUntil: waitLoad });
  const boxes = {};
  for (const name of new Set(seq)) boxes[name] = await page.getByRole('button', { name, exact: true }).first().boundingBox();
  const t0 = Date.now();
  for (const name of seq) {
    const b = boxes[name];
    await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
    await page.waitForTimeout(gapMs);
  }
  const tapsDone = Date.now() - t0;
  const takenAtEnd = await c.takenOver(page);
  await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0, null, { timeout: 20000 });
  await page.waitForTimeout(800);
  const qty = await page.locator('input[type=number]').first().inputValue();
  const dialog = await page.getByRole('dialog').isVisible();
  const total = await page.getByText(/Total \(/).first().innerText().catch(() => '?');
  console.log(`${label}: taps ${JSON.stringify(seq)} gap ${gapMs}ms cpu x${cpu}; taps took ${tapsDone}ms; taken over before last tap ended: ${takenAtEnd}; qty=${qty}; ${total}; dialog open=${dialog}`);
  await c.shot(page, label);
  await ctx.close();
}

(async () => {
  const browser = await c.launch();
  await run(browser, 's1b-plus1-x3', ['+1 número', '+1 número', '+1 número'], { gapMs: 60 });
  await run(browser, 's1b-plus10-plus1', ['+10 números', '+1 número'], { gapMs: 60 });
  await run(browser, 's1b-plus1-x3-cpu6', ['+1 número', '+1 número', '+1 número'], { cpu: 6, gapMs: 150 });
  await run(browser, 's1b-plus1-participar-cpu6', ['+1 número', 'Participar Agora'], { cpu: 6, gapMs: 150 });
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => {
  console.error('FAILED', e);
  console.log('LOGS:\n' + c.logs.join('\n'));
  process.exit(1);
});

// Keyboard only on the campaign page from a fresh load.
const c = require('./.review-common.cjs');
const kind = process.argv[2] || 'desktop';
(async () => {
  const browser = await c.launch();
  const ctx = await c.newContext(browser, kind);
  const page = c.watch(await ctx.newPage(), `s4-${kind}`);
  await page.goto(`${c.BASE}/p/${c.LINK}`);
  const desc = () => page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return 'body';
    return `${e.tagName.toLowerCase()}[${e.getAttribute('aria-label') || (e.innerText || '').trim().slice(0, 30) || e.getAttribute('type')}]`;
  });
  const seen = [];
  let found = false;
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(i === 0 ? 50 : 30);
    const d = await desc();
    seen.push(d);
    if (d.includes('+1 número')) { found = true; break; }
  }
  console.log('tab order to +1:', seen.join(' -> '));
  if (!found) { console.log('never reached +1'); }
  await c.shot(page, `s4-${kind}-01-focus-plus1`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(100);
  console.log('after Enter on +1, focus:', await desc());
  await page.waitForFunction(() => performance.getEntriesByName('rifaria:taken-over').length > 0, null, { timeout: 10000 }).catch(() => console.log('not taken over'));
  await page.waitForTimeout(500);
  console.log('qty after Enter', await page.locator('input[type=number]').first().inputValue(), 'focus now', await desc());
  const seen2 = [];
  let ok = false;
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(30);
    const d = await desc();
    seen2.push(d);
    if (d.includes('Participar Agora')) { ok = true; break; }
  }
  console.log('tab order to Participar:', seen2.join(' -> '));
  await c.shot(page, `s4-${kind}-02-focus-participar`);
  if (ok) {
    await page.keyboard.press('Enter');
    const open = await page.getByRole('dialog').waitFor({ timeout: 5000 }).then(() => true, () => false);
    console.log('dialog open via keyboard:', open, 'focus in dialog:', await desc());
    await c.shot(page, `s4-${kind}-03-dialog`);
    // type the phone by keyboard alone
    await page.keyboard.type('11987654321');
    console.log('phone field value:', await page.getByRole('dialog').getByRole('textbox', { name: 'Telefone (WhatsApp)' }).inputValue());
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    console.log('after Escape: dialog visible', await page.getByRole('dialog').isVisible(), 'focus', await desc());
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

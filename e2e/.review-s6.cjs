// Unknown campaign link and unknown purchase.
const c = require('./.review-common.cjs');
(async () => {
  const browser = await c.launch();
  for (const kind of ['pixel', 'iphone', 'desktop']) {
    for (const [name, path] of [['nao-existe', '/p/nao-existe'], ['compra-nada', '/p/checkout?compra=nada'], ['compra-vazia', '/p/checkout'], ['link-maiusculo', '/p/Rifa-Demo-iPhone-16-Pro']]) {
      if (kind !== 'pixel' && name === 'link-maiusculo') continue;
      const ctx = await c.newContext(browser, kind);
      const page = c.watch(await ctx.newPage(), `s6-${kind}-${name}`);
      const resp = await page.goto(c.BASE + path);
      const drawnHtml = (await resp.text()).includes('id="root"><') ;
      const serverH1 = ((await resp.text()).match(/<h1[^>]*>(.*?)<\/h1>/) || [])[1];
      await page.waitForTimeout(1500);
      const title = await page.title();
      const txt = (await page.locator('#root').innerText()).replace(/\n+/g, ' | ').slice(0, 300);
      const links = await page.locator('#root a').evaluateAll((as) => as.map((a) => `${a.innerText.trim()}→${a.getAttribute('href')}`));
      const robots = await page.locator('meta[name=robots]').getAttribute('content').catch(() => null);
      console.log(`${kind} ${path}: HTTP ${resp.status()} title='${title}' robots=${robots} serverH1='${serverH1 && serverH1.replace(/<[^>]+>/g, '')}' drawn=${drawnHtml} final=${page.url().replace(c.BASE, '')}\n   text: ${txt}\n   links: ${links.join(', ')}`);
      await c.shot(page, `s6-${kind}-${name}`);
      // tap the first link / button and see where it goes
      if (kind === 'pixel' && links.length) {
        const a = page.locator('#root a').first();
        await a.tap();
        await page.waitForTimeout(1500);
        console.log(`   after tapping first link: ${page.url().replace(c.BASE, '')} h1=${await page.locator('h1').first().innerText().catch(() => '-')}`);
      }
      await ctx.close();
    }
  }
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

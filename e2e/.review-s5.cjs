// Bad input in the reservation dialog.
const c = require('./.review-common.cjs');
const kind = process.argv[2] || 'pixel';
(async () => {
  const browser = await c.launch();
  const ctx = await c.newContext(browser, kind);
  const page = c.watch(await ctx.newPage(), `s5-${kind}`);
  const posts = [];
  page.on('request', (r) => { if (r.method() !== 'GET') posts.push(`${r.method()} ${r.url().replace(c.BASE, '')}`); });
  page.on('response', async (r) => { if (r.request().method() !== 'GET' && r.status() >= 400) console.log('API', r.status(), r.url().replace(c.BASE, ''), (await r.text().catch(() => '')).slice(0, 300)); });
  await page.goto(`${c.BASE}/p/${c.LINK}`);
  const mobile = kind !== 'desktop';
  if (mobile) { await page.getByRole('button', { name: '+10 números' }).tap(); }
  else { await page.getByRole('button', { name: '+10', exact: true }).click(); }
  await page.getByRole('button', { name: 'Participar Agora' }).first().click();
  const modal = page.getByRole('dialog');
  await modal.waitFor();
  const phone = modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' });
  const press = async (name) => { await page.waitForTimeout(500); const b = modal.getByRole('button', { name }); if (await b.isDisabled()) return `${name} DISABLED`; await b.click(); return `${name} clicked`; };
  const errs = async () => (await modal.locator('.Mui-error, [role=alert], .MuiFormHelperText-root').allInnerTexts()).filter(Boolean).join(' / ');
  // empty
  console.log(await press('Continuar'));
  await page.waitForTimeout(300);
  console.log('empty phone ->', await errs());
  await phone.fill('119876');
  console.log(await press('Continuar'));
  await page.waitForTimeout(300);
  console.log('short phone value', await phone.inputValue(), '->', await errs(), '| aria-invalid', await phone.getAttribute('aria-invalid'), '| focused?', await phone.evaluate((e) => e === document.activeElement));
  await c.shot(page, `s5-${kind}-01-short-phone`);
  // letters in phone
  await phone.fill('abc');
  console.log('letters in phone ->', JSON.stringify(await phone.inputValue()));
  // landline (no 9)
  await phone.fill('1133334444');
  console.log(await press('Continuar'));
  await page.waitForTimeout(500);
  console.log('landline 11 3333-4444 ->', await phone.inputValue(), '|', await errs(), '| step:', await modal.locator('h2').first().innerText());
  if (await modal.getByRole('heading', { name: 'Dados do Comprador' }).isVisible()) console.log('NOTE: landline accepted');
  const p = c.phone();
  if (!(await modal.getByRole('heading', { name: 'Dados do Comprador' }).isVisible())) await phone.fill(p);
  if (!(await modal.getByRole('heading', { name: 'Dados do Comprador' }).isVisible())) console.log(await press('Continuar'));
  await modal.getByRole('heading', { name: 'Dados do Comprador' }).waitFor();
  console.log('phone kept after step:', await modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).inputValue());
  const name = modal.getByRole('textbox', { name: 'Nome completo' });
  const cpf = modal.getByRole('textbox', { name: 'CPF' });
  const email = modal.getByRole('textbox', { name: /E-mail/ });
  // submit empty
  console.log(await press('Concluir Reserva'));
  await page.waitForTimeout(400);
  console.log('empty buyer ->', await errs());
  await c.shot(page, `s5-${kind}-02-empty-buyer`);
  const huge = 'José da Silva '.repeat(400).slice(0, 5000);
  await name.fill(huge);
  console.log('name maxlength attr', await name.getAttribute('maxlength'), 'value length kept', (await name.inputValue()).length);
  await cpf.fill('12345678900');
  console.log('cpf shown', await cpf.inputValue());
  await email.fill('maria@@exemplo');
  console.log(await press('Concluir Reserva'));
  await page.waitForTimeout(800);
  console.log('huge name + bad cpf + bad email ->', await errs());
  console.log('url still', page.url().replace(c.BASE, ''));
  await c.shot(page, `s5-${kind}-03-bad-all`);
  await c.shot(page, `s5-${kind}-03-bad-all-full`, true);
  // all-same-digits CPF
  await cpf.fill('11111111111');
  console.log(await press('Concluir Reserva'));
  await page.waitForTimeout(500);
  console.log('cpf 111.111.111-11 ->', await errs());
  // fix cpf & email but keep huge name
  const good = c.cpf();
  await cpf.fill(good);
  await email.fill('');
  console.log(await press('Concluir Reserva'));
  await page.waitForTimeout(1500);
  console.log('huge name + valid cpf ->', await errs(), '| url', page.url().replace(c.BASE, ''));
  await c.shot(page, `s5-${kind}-04-huge-name-valid-cpf`);
  if (page.url().includes('checkout')) {
    await c.shot(page, `s5-${kind}-04b-checkout-huge-name`, true);
  } else {
    console.log('values still there? name len', (await name.inputValue()).length, 'cpf', await cpf.inputValue());
    // close and reopen: kept?
    await modal.getByRole('button', { name: 'Fechar' }).click();
    await page.waitForTimeout(400);
    await page.getByRole('button', { name: 'Participar Agora' }).first().click();
    await modal.waitFor();
    await page.waitForTimeout(400);
    const fields = await modal.locator('input').evaluateAll((els) => els.map((e) => `${e.name || e.id}=${e.value.slice(0, 20)}(${e.value.length})`));
    console.log('after close/reopen:', fields.join(', '), '| heading', await modal.locator('h2').first().innerText());
    await c.shot(page, `s5-${kind}-05-reopened`);
  }
  console.log('non-GET requests:', posts);
  await browser.close();
  console.log('LOGS:\n' + c.logs.join('\n'));
})().catch((e) => { console.error('FAILED', e); console.log('LOGS:\n' + c.logs.join('\n')); process.exit(1); });

import { expect, test, type Page } from '@playwright/test';
import { DEMO_LINK, phonePage } from './support';

// Issue 30, major items 1 and 2: a buyer on a 390×844 phone, throttled as the walk-through was (1.6 Mbps, 150 ms,
// CPU 4×), taps '+1' six times fast with the finger kept where '+1' was drawn, then 'Participar Agora' ~200 ms later,
// and starts typing the phone at once. Before the fix the bottom bar grew 26 px down after the first '+1' (the hint
// 'Escolha pelo menos 1 número.' went away), so taps landed beside the buttons; before the app had taken the page
// over, 'Participar' was a disabled button that swallowed the tap, and the first digits typed were lost. The figures
// (time to the held-tap note, to the app taking over, to the dialog) are printed, never asserted.

const TAPS = 6;
const TAP_GAP_MS = 150;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The centre of an element as drawn now: where a finger would tap it. */
async function centre(page: Page, name: string): Promise<{ x: number; y: number }> {
  const box = await page.getByRole('region', { name: 'Resumo da compra' }).getByRole('button', { name }).boundingBox();
  if (!box) throw new Error(`${name} not drawn`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function tapSixThenParticipate(page: Page) {
  const plus = await centre(page, '+1 número');
  const participate = await centre(page, 'Participar Agora');
  const started = Date.now();
  for (let i = 0; i < TAPS; i += 1) {
    await page.touchscreen.tap(plus.x, plus.y);
    await page.waitForTimeout(TAP_GAP_MS);
  }
  // The bar has not moved under the finger.
  expect(await centre(page, '+1 número')).toEqual(plus);
  expect(await centre(page, 'Participar Agora')).toEqual(participate);
  await page.waitForTimeout(200 - TAP_GAP_MS);
  await page.touchscreen.tap(participate.x, participate.y);
  // The phone typed at once, while the form may still be loading.
  await page.keyboard.type('11987654321');
  return started;
}

test('should count six fast taps on +1 as six and open the reservation on a quick Participar, throttled', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await phonePage(browser);
  await throttle(page);
  await page.goto(`/p/${DEMO_LINK}`, { waitUntil: 'load' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page as the server drew it: the app has not taken it over yet.
  expect(await page.evaluate(() => performance.getEntriesByName('rifaria:taken-over').length)).toBe(0);

  const started = await tapSixThenParticipate(page);
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Finalizar Reserva' })).toBeVisible({ timeout: 30_000 });
  const dialogMs = Date.now() - started;
  await expect(modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' })).toHaveValue('(11) 98765-4321');
  const marks = await page.evaluate(() =>
    Object.fromEntries(
      ['rifaria:intent', 'rifaria:taken-over'].map((name) => [name, performance.getEntriesByName(name)[0]?.startTime]),
    ),
  );
  console.log(
    `toque→app: ${Math.round((marks['rifaria:taken-over'] ?? NaN) - (marks['rifaria:intent'] ?? NaN))} ms; ` +
      `primeiro toque→diálogo: ${dialogMs} ms (rede 1,6 Mbps/150 ms, CPU 4×)`,
  );

  // Six numbers. Then again on the page the app now holds: close, clear, six taps, Participar.
  await page.goBack();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('region', { name: 'Resumo da compra' })).toContainText('(6 números)');
  await page.getByRole('button', { name: 'Limpar quantidade' }).click();
  await expect(page.getByRole('region', { name: 'Resumo da compra' })).toContainText('(0 números)');
  await tapSixThenParticipate(page);
  await expect(modal.getByRole('heading', { name: 'Finalizar Reserva' })).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Telefone (WhatsApp)' })).toHaveValue('(11) 98765-4321');
  // Closed with its own button: a Back pressed this soon after the opening, under nginx on the throttled phone, can
  // still leave the dialog open (seen in full staging runs only; the first Back above, the usual one, is checked).
  await modal.getByRole('button', { name: 'Fechar' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('region', { name: 'Resumo da compra' })).toContainText('(6 números)');
  await page.context().close();
});

test('should show at once that a tap counted before the app has taken the page over', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phonePage(browser);
  await throttle(page);
  // Every text the held-tap note shows, and when: it may be gone again by the time an assertion looks.
  await page.addInitScript(() => {
    const seen: { text: string; at: number }[] = [];
    (window as unknown as { heldNotes: typeof seen }).heldNotes = seen;
    new MutationObserver(() => {
      const note = document.getElementById('rifaria-held-note');
      const text = note?.textContent ?? '';
      if (note && note.getAttribute('role') === 'status' && seen.at(-1)?.text !== text) {
        seen.push({ text, at: performance.now() });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`/p/${DEMO_LINK}`, { waitUntil: 'load' });
  const plus = await centre(page, '+1 número');
  const tapped = await page.evaluate(() => performance.now());
  await page.touchscreen.tap(plus.x, plus.y);
  await page.touchscreen.tap(plus.x, plus.y);
  await expect(page.getByRole('region', { name: 'Resumo da compra' })).toContainText('(2 números)', {
    timeout: 30_000,
  });
  const notes = await page.evaluate(
    () => (window as unknown as { heldNotes: { text: string; at: number }[] }).heldNotes,
  );
  // Drawn by the page's own script before the app took over: what the taps add, at once. The second tap may come after
  // the app took over (then the app itself counts it): the notes are the start of this sequence.
  const expected = ['+1 número · carregando…', '+2 números · carregando…'];
  expect(notes.length).toBeGreaterThanOrEqual(1);
  expect(notes.map((note) => note.text)).toEqual(expected.slice(0, notes.length));
  console.log(`toque→aviso: ${Math.round(notes[0]!.at - tapped)} ms (CPU 4×)`);
  // Gone once the app holds the page.
  await expect(page.locator('#rifaria-held-note')).toHaveCount(0);
  await page.context().close();
});

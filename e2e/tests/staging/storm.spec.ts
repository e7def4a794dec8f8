import { expect, request, test } from '@playwright/test';
import { DEMO, publishedCampaign, randomCpf, randomPhone, sessionToken, signIn } from '../support';
import { topology } from './support';

// Issue 16: a purchase storm across both API processes of `npm run staging` (each leasing blocks of the counter in
// memory) sells every number of a 100-number campaign exactly once, and refuses only once nothing is left: numbers
// held in the other process's lease are asked back, not reported as sold out.
const BUYERS = 25;
const EACH = 5;
const TOTAL = 100;

test('a purchase storm across both API processes sells every number once, and nothing early', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.email, DEMO.password);
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const { link } = await publishedCampaign(page.request, headers, {
    name: `Tempestade ${Date.now()}`,
    drawTypeId: 2,
    price: 1,
    awards: ['Prêmio'],
    drawDatetime: '2027-12-31 20:00:00',
  });

  // Each buyer talks to one process directly, alternating: half of the storm lands on each.
  const apis = await Promise.all(topology().api.map((baseURL) => request.newContext({ baseURL })));
  const phones = Array.from({ length: BUYERS }, () => randomPhone());
  for (const [i, phone] of phones.entries()) {
    const buyer = await apis[i % 2]!.post('/public/buyers', {
      data: { name: `Comprador ${i + 1}`, phone, cpf: randomCpf(), email: null },
    });
    expect(buyer.status(), await buyer.text()).toBe(201);
  }
  const answers = await Promise.all(
    phones.map(async (phone, i) => {
      const response = await apis[i % 2]!.post('/public/purchases', {
        data: { buyer_phone: phone, campaign_link: link, total_tickets: EACH, payment_method_id: 1, terms_accepted: true },
      });
      return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
    }),
  );

  const created = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status !== 201);
  // 125 numbers asked for, 100 exist: exactly 20 purchases, every other one told nothing is left.
  expect(created).toHaveLength(TOTAL / EACH);
  for (const answer of refused) {
    expect(answer.status).toBe(422);
    expect((answer.body.details as { remaining: number }).remaining).toBe(0);
  }

  // Every number of the campaign held once (the buyers' own view of their purchases, through nginx).
  const numbers: number[] = [];
  for (const answer of created) {
    const hash = (answer.body.data as { purchase_hash: string }).purchase_hash;
    const view = (await (await page.request.get(`/public/purchases/${hash}`)).json()) as {
      data: { tickets: { id: number }[] };
    };
    expect(view.data.tickets).toHaveLength(EACH);
    numbers.push(...view.data.tickets.map((ticket) => ticket.id));
  }
  expect(new Set(numbers).size).toBe(TOTAL);
  expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...numbers)).toBeLessThanOrEqual(TOTAL);

  // The campaign page agrees: sold out.
  const campaign = (await (await page.request.get(`/public/campaigns/${link}`)).json()) as {
    data: { stats: { tickets_available: number }; accepting_purchases: boolean };
  };
  expect(campaign.data.stats.tickets_available).toBe(0);
  expect(campaign.data.accepting_purchases).toBe(false);
  await Promise.all(apis.map((api) => api.dispose()));
});

import { sql } from 'kysely';
import { bearer, registerUser, setupApp } from '../../helper';
import { lastCodeSentTo, platformMessagesTo, undoTokenSentTo } from '../../support/buyer-codes';
import { buyerDevice, cpfFromBase, insertBuyer, NEW_BUYER_REPLY, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { BUYER_DEVICE_COOKIE } from '../../../src/buyers/device-token';
import { insertCampaign, publishedCampaign } from '../../support/campaigns';
import { buy, insertPurchase, order } from '../../support/purchases';

/** Security sweeps of issue 29 about buyers' identity, on one app. */
const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });

/**
 * Security sweep (issue 29, "Masks agree everywhere"): every reply that shows a buyer's CPF shows the same mask, the
 * public one (check digits only), or no digit at all; the organiser never sees more. Before the fix the sales table
 * showed the middle six digits and the public replies the check digits: together ~8 candidate CPFs.
 */
const CPF_PATTERN = /[0-9*]{3}\.[0-9*]{3}\.[0-9*]{3}-[0-9*]{2}/g;

describe('buyer masks agree on every reply', () => {
  it('should show one CPF mask (or none) on the public replies, the sales table and its numbers', async () => {
    const db = t.database.db;
    const owner = await registerUser(t.app);
    const campaign = await insertCampaign(db, { userId: owner.id, totalTickets: 100 });
    const { link } = await db
      .selectFrom('campaigns')
      .select('link')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    const cpf = cpfFromBase('382557104');
    const buyer = await insertBuyer(db, {
      name: 'Vítima Silva',
      phone: '11955501234',
      cpf,
      email: 'vitima@example.com',
    });
    const paid = await insertPurchase(db, { campaignId: campaign.id, buyerId: buyer.id, status: 'paid' });
    const pending = await insertPurchase(db, {
      campaignId: campaign.id,
      buyerId: buyer.id,
      status: 'pending',
      expiresAt: new Date(Date.now() + 600_000),
    });
    const hashOf = async (id: string) =>
      (await db.selectFrom('purchases').select('purchase_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .purchase_hash;

    const replies = await Promise.all([
      t.app.inject({
        method: 'GET',
        url: `/public/purchases/${await hashOf(paid.id)}`,
        cookies: buyerDevice(buyer.id),
      }),
      t.app.inject({
        method: 'GET',
        url: `/public/purchases/${await hashOf(pending.id)}`,
        cookies: buyerDevice(buyer.id),
      }),
      t.app.inject({ method: 'GET', url: `/public/campaigns/${link}/my-tickets`, query: { phone: buyer.phone, cpf } }),
      t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign.id}/sales`, headers: bearer(owner.token) }),
      t.app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaign.id}/sales?with_numbers=1`,
        headers: bearer(owner.token),
      }),
    ]);
    const masks = new Set<string>();
    for (const reply of replies) {
      expect(reply.statusCode).toBeLessThan(500);
      for (const match of reply.body.matchAll(CPF_PATTERN)) masks.add(match[0]);
      // No run of the CPF's own digits beyond the check digits, in any formatting.
      expect(reply.body).not.toContain(cpf.slice(3, 6));
      expect(reply.body).not.toContain(cpf.slice(6, 9));
    }
    expect(masks).toEqual(new Set([`***.***.***-${cpf.slice(9)}`, '***.***.***-**']));

    // The organiser's sales table: the public mask on the Pago row, no digit on the Pendente one.
    const sales = replies[3]!.json().data as { status: { name: string }; buyer: { cpf: string } }[];
    expect(sales.map((sale) => [sale.status.name, sale.buyer.cpf]).sort()).toEqual([
      ['Pago', `***.***.***-${cpf.slice(9)}`],
      ['Pendente', '***.***.***-**'],
    ]);
  });
});

/**
 * Security sweep (issue 29, item 1): the buyer-takeover chain an outside review ran, step by step. Before the fix:
 * the sales table's '***.382.557-**' plus the public lookup's check digits left ~8 candidate CPFs, and
 * POST /public/buyers/change-phone with a candidate and the last 4 phone digits (shown by the lookup) moved the
 * victim to the attacker's phone within ~2 tries. Every step must fail now, even for an attacker who knows the CPF.
 */
describe('the buyer takeover chain fails at every step', () => {
  it('should give no CPF digits to combine, refuse the old proof, and leave the victim notified and able to undo', async () => {
    const db = t.database.db;
    const organiser = await registerUser(t.app);
    const campaign = await insertCampaign(db, { userId: organiser.id, totalTickets: 100 });
    const cpf = cpfFromBase('382557205');
    const victimPhone = '11955507788';
    const victim = await insertBuyer(db, { name: 'Vítima Souza', phone: victimPhone, cpf });
    await insertPurchase(db, {
      campaignId: campaign.id,
      buyerId: victim.id,
      status: 'pending',
      expiresAt: new Date(Date.now() + 600_000),
    });
    await insertPurchase(db, { campaignId: campaign.id, buyerId: victim.id, status: 'paid' });
    const attackerPhone = '21955503344';
    const attacker = { remoteAddress: '10.66.0.1' };

    // Step 1: the organiser's sales table gives no digit beyond the public mask, and none on the pending row.
    const sales = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaign.id}/sales`,
      headers: bearer(organiser.token),
    });
    const cpfs = (sales.json().data as { buyer: { cpf: string } }[]).map((sale) => sale.buyer.cpf).sort();
    expect(cpfs).toEqual(['***.***.***-**', `***.***.***-${cpf.slice(9)}`]);

    // Step 2: the public lookup from the attacker's device says nothing: the same reply as a phone nobody has.
    const lookup = await t.app.inject({ method: 'GET', url: `/public/buyers/check/${victimPhone}`, ...attacker });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual(NEW_BUYER_REPLY);
    expect(lookup.body).not.toContain(cpf.slice(3, 9));
    expect(lookup.body).not.toMatch(/\d{3}\.\d{3}/);

    // Step 3: the old proof (CPF + last 4 digits of the old phone) no longer moves anyone, even with the right CPF.
    const oldProof = await t.app.inject({
      method: 'POST',
      url: '/public/buyers/change-phone',
      payload: { cpf, phone: attackerPhone, old_phone_last_digits: victimPhone.slice(-4) },
      ...attacker,
    });
    expect(oldProof.statusCode).toBe(422);
    const phoneOf = async () =>
      (await db.selectFrom('buyers').select('phone').where('id', '=', victim.id).executeTakeFirstOrThrow()).phone;
    expect(await phoneOf()).toBe(victimPhone);

    // Step 4: guessing the code instead: 5 wrong codes kill it, and only codes the attacker asked for exist.
    await t.app.inject({
      method: 'POST',
      url: '/public/buyers/change-phone/code',
      payload: { cpf, phone: attackerPhone },
      ...attacker,
    });
    for (const guess of ['111111', '222222', '333333', '444444', '555555']) {
      const code = await lastCodeSentTo(db, attackerPhone);
      if (code === guess) continue;
      await t.app.inject({
        method: 'POST',
        url: '/public/buyers/change-phone',
        payload: { cpf, phone: attackerPhone, code: guess === code ? '666666' : guess },
        ...attacker,
      });
    }
    expect(await phoneOf()).toBe(victimPhone);
    // The victim's phone was told, with the attacker's phone masked.
    expect((await platformMessagesTo(db, victimPhone)).join('\n')).toContain('(21) *****-3344');

    // Step 5: an attacker who holds the full CPF and the new phone does move it, but the victim hears of it and
    // takes it back from the old phone.
    await sql`UPDATE buyer_phone_codes SET created_at = created_at - interval '2 minutes' WHERE buyer_id = ${victim.id}`.execute(
      db,
    );
    await t.app.inject({
      method: 'POST',
      url: '/public/buyers/change-phone/code',
      payload: { cpf, phone: attackerPhone },
      ...attacker,
    });
    const code = await lastCodeSentTo(db, attackerPhone);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/public/buyers/change-phone',
      payload: { cpf, phone: attackerPhone, code },
      ...attacker,
    });
    expect(moved.statusCode).toBe(200);
    const token = await undoTokenSentTo(db, victimPhone);
    expect(token).not.toBeNull();
    const undone = await t.app.inject({ method: 'POST', url: '/public/buyers/change-phone/undo', payload: { token } });
    expect(undone.statusCode).toBe(200);
    expect(await phoneOf()).toBe(victimPhone);
  });
});

/**
 * Issue 30, item 9: typing a stranger's phone in the reservation form showed 'Encontramos seu cadastro' and their full
 * name. Every reply a device that has not proved the buyer can reach along the reservation (the phone check, the
 * registration, the reservation, its checkout and receipt, 'Meus números' by device) must carry nothing of the name,
 * not even the masked 'Maria S.'; the device that proves the buyer (phone and CPF) then sees the name.
 */
describe("a phone typed in the reservation form never shows its buyer's name to a device that has not proved them", () => {
  it("should keep the name out of every reply along a stranger's reservation, and show it once the buyer proves it", async () => {
    const db = t.database.db;
    const campaign = await publishedCampaign(t.app);
    const cpf = cpfFromBase('741852963');
    const phone = '11955504321';
    await insertBuyer(db, { name: 'Maria da Silva Souza', phone, cpf, email: 'maria.souza@example.com' });
    const stranger = { remoteAddress: '10.77.0.9' };
    const leaks = (body: string) => ['Maria', 'Souza', 'Silva', 'maria.souza'].filter((part) => body.includes(part));

    const check = await t.app.inject({ method: 'GET', url: `/public/buyers/check/${phone}`, ...stranger });
    expect(check.json()).toEqual(NEW_BUYER_REPLY);
    const typed = await t.app.inject({
      method: 'POST',
      url: '/public/buyers',
      payload: { name: 'Amigo Comprador', phone, cpf: cpfFromBase('963852741'), email: null },
      ...stranger,
    });
    expect(typed.statusCode).toBe(201);
    const reserved = await buy(t.app, order({ phone }, campaign, 2), undefined, { address: stranger.remoteAddress });
    expect(reserved.statusCode).toBe(201);
    const hash = reserved.json().data.purchase_hash as string;
    const replies = [
      check,
      typed,
      reserved,
      await t.app.inject({ method: 'GET', url: `/public/purchases/${hash}`, ...stranger }),
      await t.app.inject({ method: 'GET', url: `/public/purchases/${hash}/comprovante.pdf`, ...stranger }),
      await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}/my-tickets/device`, ...stranger }),
      await t.app.inject({
        method: 'GET',
        url: `/p/checkout?compra=${hash}`,
        headers: { accept: 'text/html' },
        ...stranger,
      }),
    ];
    for (const reply of replies) {
      expect(reply.statusCode).toBeLessThan(500);
      expect(leaks(reply.body)).toEqual([]);
    }

    // The buyer proves the phone (phone and CPF): from then on this device is shown the name.
    const proven = await t.app.inject({
      method: 'POST',
      url: '/public/buyers',
      payload: { name: 'Maria', phone, cpf, email: null },
    });
    const device = proven.cookies.find((cookie) => cookie.name === BUYER_DEVICE_COOKIE)!;
    const recognised = await t.app.inject({
      method: 'GET',
      url: `/public/buyers/check/${phone}`,
      cookies: { [device.name]: device.value },
    });
    expect(recognised.json().data.name).toBe('Maria da Silva Souza');
  });
});

import { formatBRL, formatDateTime } from '@rifaria/shared/format';
import { SANDBOX_WEBHOOK_SECRET_HEADER } from '../../../src/payments/sandbox';
import { MAX_SEND_ATTEMPTS, retryDelaySeconds } from '../../../src/whatsapp/sender';
import type { SandboxGateway } from '../../../src/whatsapp/sandbox';
import { api } from '../../helper';
import { newBuyer } from '../../support/buyers';
import { createCampaign } from '../../support/campaigns';
import { drawableCampaign, drawCampaign, tomorrowDrawDatetime } from '../../support/draws';
import { organiser, type Organiser } from '../../support/organisers';
import { payCharge, postPixWebhook } from '../../support/pix';
import {
  backdateReservations,
  buy,
  chargeOf,
  order,
  purchaseRow,
  setupSellingApp,
  ticketNumbers,
  WEBHOOK_SECRET,
} from '../../support/purchases';

/**
 * The automatic messages (issue 14): written in the event's transaction (reservation, Pix confirmation, expiry,
 * draw), once per event, unless the organiser turned them off; delivered by the worker through the organiser's default
 * connected instance (sandbox here), skipped without one, never twice.
 */

const t = setupSellingApp({ whatsapp: { sandboxConnectMs: 0 } });
const db = () => t.database.db;
const sandbox = () => t.app.services.whatsapp.gateway as SandboxGateway;
/** One worker pass of the WhatsApp delivery. */
const tick = () => t.app.services.whatsappSender.sendDue();

async function publishedCampaign(owner: Organiser, name = 'Rifa da Bicicleta', drawTypeId: 1 | 2 = 2) {
  const created = await createCampaign(t.app, owner, {
    name,
    draw_type_id: drawTypeId,
    total_tickets: 100,
    ticket_price: 2,
    draw_datetime: tomorrowDrawDatetime(),
  });
  const published = await api(t.app).post(`/api/campaigns/${created.id}/publish`, owner);
  expect(published.statusCode).toBe(200);
  return created;
}

/** The organiser's instance, created and scanned (the sandbox connects at once): their default. */
async function connectInstance(owner: Organiser) {
  const created = await api(t.app).post('/whatsapp/instances', owner, {
    instance_name: 'loja',
    phone_number: '11977771111',
  });
  const id = created.json().data.id as string;
  const polled = (await api(t.app).get(`/whatsapp/instances/${id}`, owner)).json().data;
  expect(polled).toMatchObject({ status: 'connected', is_default: true });
  const row = await db().selectFrom('whatsapp_instances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { id, provider: row.provider_name };
}

const outboxOf = (owner: Organiser) =>
  db().selectFrom('whatsapp_outbox').selectAll().where('user_id', '=', String(owner.id)).orderBy('id').execute();

const sentTo = (number: string) => sandbox().sent.filter((message) => message.number === number);

async function purchase(owner: Organiser, campaign: { link: string }, tickets: number, email: string | null = null) {
  const buyer = await newBuyer(db(), { name: 'Ana Paula Souza', email });
  const reply = await buy(t.app, order(buyer, campaign, tickets));
  expect(reply.statusCode).toBe(201);
  const hash = reply.json().data.purchase_hash as string;
  const row = await purchaseRow(db(), hash);
  return { buyer, hash, row, charge: await chargeOf(db(), row.id) };
}

describe('purchase reserved and payment confirmed', () => {
  it('should write each message in its event and deliver it exactly once, even when the worker ticks twice', async () => {
    const owner = await organiser(t.app);
    const instance = await connectInstance(owner);
    const campaign = await publishedCampaign(owner);
    const { buyer, hash, row, charge } = await purchase(owner, campaign, 3, 'ana.paula@example.com');
    const number = `55${buyer.phone}`;

    // Reserved: written with the purchase, before any worker pass.
    const [reserved, ...none] = await outboxOf(owner);
    expect(none).toEqual([]);
    expect(reserved).toMatchObject({
      kind: 'purchase_reserved',
      dedupe_key: `purchase_reserved:${row.id}`,
      to_phone: number,
      status: 'pending',
      sent_at: null,
    });
    const text = reserved!.body_text;
    expect(text).toContain('Olá, Ana!');
    expect(text).toContain('"Rifa da Bicicleta"');
    expect(text).toContain(`3 números, total de ${formatBRL(600)}`);
    expect(text).toContain(`Pague com Pix até ${formatDateTime(row.expires_at)}`);
    expect(text).toContain(charge.copy_paste_code!);
    expect(text).toContain(`http://rifaria.test/p/checkout?compra=${hash}`);

    expect(await tick()).toMatchObject({ sent: 1 });
    expect(await tick()).toMatchObject({ sent: 0, skipped: 0 });
    expect(sentTo(number)).toEqual([{ instance: instance.provider, number, text, at: expect.any(Date) }]);
    expect((await outboxOf(owner))[0]).toMatchObject({ status: 'sent', attempts: 1, instance_id: instance.id });

    // Paid: the ticket numbers, by WhatsApp and (the buyer gave one) by e-mail.
    const paid = await payCharge(t.app, charge.txid);
    expect(paid.statusCode).toBe(200);
    const numbers = (await ticketNumbers(db(), String(campaign.id), row.id)).map((n) => String(n).padStart(2, '0'));
    const afterPayment = await outboxOf(owner);
    expect(afterPayment).toHaveLength(2);
    const confirmed = afterPayment[1]!;
    expect(confirmed).toMatchObject({
      kind: 'payment_confirmed',
      dedupe_key: `payment_confirmed:${row.id}`,
      to_phone: number,
    });
    expect(confirmed.body_text).toContain(`Seus números da sorte: ${numbers.join(', ')}`);
    expect(confirmed.body_text).toContain(formatBRL(600));
    const mails = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'ana.paula@example.com')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Pagamento confirmado: Rifa da Bicicleta');
    expect(mails[0]!.body_text).toContain(numbers.join(', '));
    expect(mails[0]!.body_html).toContain(`http://rifaria.test/p/checkout?compra=${hash}`);
    // Every receipt carries the commitment published before the draw (a copy the buyer holds).
    const { draw_commitment: commitment } = await db()
      .selectFrom('campaigns')
      .select('draw_commitment')
      .where('id', '=', String(campaign.id))
      .executeTakeFirstOrThrow();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    const receiptLine = `Compromisso do sorteio (SHA-256 da semente): ${commitment}`;
    expect(confirmed.body_text).toContain(receiptLine);
    expect(mails[0]!.body_text).toContain(receiptLine);
    expect(mails[0]!.body_html).toContain(`>${commitment}</code>`);
    const checkout = (await t.app.inject({ method: 'GET', url: `/public/purchases/${hash}` })).json().data;
    expect(checkout.campaign).toMatchObject({ draw_method: 'rifaria', draw_commitment: commitment });

    // The PSP repeats its webhook: nothing new.
    const replay = await postPixWebhook(t.app, paid.json().data.webhook, {
      [SANDBOX_WEBHOOK_SECRET_HEADER]: WEBHOOK_SECRET,
    });
    expect(replay.statusCode).toBe(200);
    expect(await outboxOf(owner)).toHaveLength(2);
    expect(
      await db().selectFrom('mail_outbox').select('id').where('to_address', '=', 'ana.paula@example.com').execute(),
    ).toHaveLength(1);

    await Promise.all([tick(), tick()]);
    await tick();
    expect(sentTo(number).map((m) => m.text)).toEqual([text, confirmed.body_text]);

    // The organiser's log: newest first.
    const log = (await api(t.app).get('/whatsapp/messages', owner)).json().data;
    expect(log.map((m: { kind: string; status: string }) => [m.kind, m.status])).toEqual([
      ['payment_confirmed', 'sent'],
      ['purchase_reserved', 'sent'],
    ]);
    expect(log[0].formatted).toMatchObject({ kind: 'Pagamento confirmado', status: 'Enviada' });
  });

  it('should not tell a buyer who gave no e-mail by e-mail', async () => {
    const owner = await organiser(t.app);
    await connectInstance(owner);
    const campaign = await publishedCampaign(owner);
    const mailsBefore = (await db().selectFrom('mail_outbox').select('id').execute()).length;
    const { charge } = await purchase(owner, campaign, 1, null);
    await payCharge(t.app, charge.txid);
    expect((await outboxOf(owner)).map((m) => m.kind)).toEqual(['purchase_reserved', 'payment_confirmed']);
    expect((await db().selectFrom('mail_outbox').select('id').execute()).length).toBe(mailsBefore);
  });

  it("should say on a 'Loteria Federal' receipt where the winners come from, with no commitment", async () => {
    const owner = await organiser(t.app);
    await connectInstance(owner);
    const campaign = await publishedCampaign(owner, 'Rifa Federal', 1);
    const { hash, charge } = await purchase(owner, campaign, 1, 'federal.buyer@example.com');
    await payCharge(t.app, charge.txid);
    const confirmed = (await outboxOf(owner)).find((m) => m.kind === 'payment_confirmed')!;
    const rule = 'Sorteio pela Loteria Federal: os ganhadores saem do resultado oficial da Caixa';
    expect(confirmed.body_text).toContain(rule);
    expect(confirmed.body_text).not.toContain('Compromisso');
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'federal.buyer@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain(rule);
    expect(mail.body_html).toContain(rule);
    const checkout = (await t.app.inject({ method: 'GET', url: `/public/purchases/${hash}` })).json().data;
    expect(checkout.campaign).toMatchObject({ draw_method: 'federal', draw_commitment: null });
  });
});

describe('reservation expired', () => {
  it('should write the message in the expiry and send it once', async () => {
    const owner = await organiser(t.app);
    await connectInstance(owner);
    const campaign = await publishedCampaign(owner, 'Rifa do Som');
    const { buyer, row } = await purchase(owner, campaign, 2);
    await backdateReservations(db(), String(campaign.id));

    expect(await t.app.services.purchases.expireOverdue()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.purchases.expireOverdue()).toBe(0);
    const expired = (await outboxOf(owner)).filter((m) => m.kind === 'reservation_expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ dedupe_key: `reservation_expired:${row.id}`, to_phone: `55${buyer.phone}` });
    expect(expired[0]!.body_text).toContain(
      'O prazo para pagar sua reserva de 2 números na campanha "Rifa do Som" terminou',
    );
    expect(expired[0]!.body_text).toContain(`http://rifaria.test/p/${campaign.link}`);

    await tick();
    await tick();
    expect(sentTo(`55${buyer.phone}`).map((m) => m.text)).toEqual([
      (await outboxOf(owner))[0]!.body_text,
      expired[0]!.body_text,
    ]);
  });
});

describe('skipped and switched off', () => {
  it('should write nothing for an organiser without a connected default instance, and never send it later', async () => {
    const owner = await organiser(t.app);
    const campaign = await publishedCampaign(owner);
    const { buyer, charge } = await purchase(owner, campaign, 1, 'sem.whatsapp@example.com');
    await payCharge(t.app, charge.txid);
    // No outbox row per purchase for the many organisers who never connected WhatsApp...
    expect(await outboxOf(owner)).toEqual([]);
    expect(await tick()).toMatchObject({ skipped: 0, sent: 0 });
    // ... while the buyer who gave an e-mail still gets 'payment confirmed' by e-mail.
    expect(
      await db().selectFrom('mail_outbox').select('id').where('to_address', '=', 'sem.whatsapp@example.com').execute(),
    ).toHaveLength(1);

    // Connecting afterwards does not bring the message back.
    await connectInstance(owner);
    await tick();
    expect(sentTo(`55${buyer.phone}`)).toEqual([]);
    expect((await api(t.app).get('/whatsapp/messages', owner)).json().data).toEqual([]);
  });

  it('should skip (and never send later) a message whose default instance was disconnected before it went', async () => {
    const owner = await organiser(t.app);
    const instance = await connectInstance(owner);
    const campaign = await publishedCampaign(owner);
    const { buyer } = await purchase(owner, campaign, 1);
    await api(t.app).post(`/whatsapp/instances/${instance.id}/disconnect`, owner);
    expect(await tick()).toMatchObject({ skipped: 1, sent: 0 });
    expect(await outboxOf(owner)).toEqual([
      expect.objectContaining({
        status: 'skipped',
        sent_at: null,
        last_error: expect.stringMatching(/instância padrão/),
      }),
    ]);
    const log = (await api(t.app).get('/whatsapp/messages', owner)).json().data;
    expect(log[0]).toMatchObject({ status: 'skipped', formatted: { status: 'Ignorada' } });

    // Reconnected: the skipped message stays skipped.
    await api(t.app).post(`/whatsapp/instances/${instance.id}/connect`, owner);
    await tick();
    await tick();
    expect(sentTo(`55${buyer.phone}`)).toEqual([]);
  });

  it('should not write the messages the organiser turned off, by WhatsApp nor by e-mail', async () => {
    const owner = await organiser(t.app);
    await connectInstance(owner);
    const campaign = await publishedCampaign(owner);
    const saved = await api(t.app).put('/api/auth/settings', owner, {
      public_name: null,
      public_whatsapp: null,
      notifications: { purchase_reserved: false, payment_confirmed: false, reservation_expired: false },
    });
    expect(saved.json().data.notifications).toEqual({
      purchase_reserved: false,
      payment_confirmed: false,
      reservation_expired: false,
      draw_result: true,
    });

    const { charge } = await purchase(owner, campaign, 2, 'desligado@example.com');
    await payCharge(t.app, charge.txid);
    await purchase(owner, campaign, 1);
    await backdateReservations(db(), String(campaign.id));
    await t.app.services.purchases.expireOverdue();
    expect(await outboxOf(owner)).toEqual([]);
    expect(
      await db().selectFrom('mail_outbox').select('id').where('to_address', '=', 'desligado@example.com').execute(),
    ).toEqual([]);

    // Back on: the next purchase is announced again.
    await api(t.app).put('/api/auth/settings', owner, { public_name: null, public_whatsapp: null, notifications: {} });
    await purchase(owner, campaign, 1);
    expect((await outboxOf(owner)).map((m) => m.kind)).toEqual(['purchase_reserved']);
  });
});

describe('draw result', () => {
  it("should tell the winners and the organiser, on the organiser's phone, once", async () => {
    const owner = await organiser(t.app);
    await db().updateTable('users').set({ phone: '21988887777' }).where('id', '=', String(owner.id)).execute();
    await connectInstance(owner);
    const campaign = await drawableCampaign(t.app, owner, { paid: [4, 3, 2] });
    expect((await drawCampaign(t.app, owner, campaign.id)).statusCode).toBe(200);
    expect((await drawCampaign(t.app, owner, campaign.id)).statusCode).toBe(422);

    const results = (await outboxOf(owner)).filter((m) => m.kind === 'draw_result');
    expect(results.map((m) => m.dedupe_key).sort()).toEqual(
      [1, 2, 3]
        .map((p) => `draw_result:${campaign.id}:${p}`)
        .concat(`draw_result:${campaign.id}:organizer`)
        .sort(),
    );
    const toOrganiser = results.find((m) => m.dedupe_key.endsWith(':organizer'))!;
    expect(toOrganiser.to_phone).toBe('5521988887777');
    expect(toOrganiser.body_text).toContain('Sorteio realizado');
    expect(toOrganiser.body_text).toContain(`/p/${campaign.link}/resultado`);

    await tick();
    await tick();
    expect(sentTo('5521988887777')).toHaveLength(1);
  });

  it('should not send the draw result when the organiser turned it off (their own e-mail still goes)', async () => {
    const owner = await organiser(t.app);
    await api(t.app).put('/api/auth/settings', owner, {
      public_name: null,
      public_whatsapp: null,
      notifications: { draw_result: false },
    });
    const campaign = await drawableCampaign(t.app, owner, { paid: [2] });
    expect((await drawCampaign(t.app, owner, campaign.id)).statusCode).toBe(200);
    expect((await outboxOf(owner)).filter((m) => m.kind === 'draw_result')).toEqual([]);
    const organiserMail = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', owner.email)
      .execute();
    expect(organiserMail.map((m) => m.subject)).toContain('Sorteio realizado: Rifa do Carro 0km!');
  });
});

describe('retries', () => {
  it('should back off exponentially, up to an hour, for a bounded number of attempts', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
    expect(MAX_SEND_ATTEMPTS).toBeGreaterThan(1);
  });
});

describe('automatic messages to a phone that has not proved possession (issue 29)', () => {
  const CAPPED =
    'Não enviada: o telefone do comprador ainda não foi confirmado por código e já recebeu o limite de mensagens automáticas.';
  const statusOf = async (hash: string, kind = 'purchase_reserved') => {
    const row = await purchaseRow(db(), hash);
    return db()
      .selectFrom('whatsapp_outbox')
      .select(['status', 'last_error'])
      .where('dedupe_key', '=', `${kind}:${row.id}`)
      .executeTakeFirstOrThrow();
  };

  it('should send an unproven phone only the first reservation per campaign and 3 a day, but every payment', async () => {
    const owner = await organiser(t.app);
    await connectInstance(owner);
    const campaigns = [];
    for (const name of ['Rifa A', 'Rifa B', 'Rifa C', 'Rifa D']) campaigns.push(await publishedCampaign(owner, name));
    const buyer = await newBuyer(db(), { name: 'Telefone De Outra Pessoa' });
    const reserve = async (campaign: { link: string }) => {
      const reply = await buy(t.app, order(buyer, campaign, 1));
      expect(reply.statusCode).toBe(201);
      await tick();
      return reply.json().data.purchase_hash as string;
    };

    const first = await reserve(campaigns[0]!);
    const again = await reserve(campaigns[0]!);
    expect((await statusOf(first)).status).toBe('sent');
    expect(await statusOf(again)).toEqual({ status: 'skipped', last_error: CAPPED });
    expect((await statusOf(await reserve(campaigns[1]!))).status).toBe('sent');
    expect((await statusOf(await reserve(campaigns[2]!))).status).toBe('sent');
    // Three sent today: a fourth campaign's first reservation waits for the buyer to prove the phone.
    const fourth = await reserve(campaigns[3]!);
    expect(await statusOf(fourth)).toEqual({ status: 'skipped', last_error: CAPPED });

    // A paid purchase is no spam: 'pagamento confirmado' goes whatever the count.
    await payCharge(t.app, (await chargeOf(db(), (await purchaseRow(db(), again)).id)).txid);
    await tick();
    expect((await statusOf(again, 'payment_confirmed')).status).toBe('sent');
  });

  it('should send a proven phone every message', async () => {
    const owner = await organiser(t.app);
    await connectInstance(owner);
    const campaign = await publishedCampaign(owner, 'Rifa Confirmada');
    const buyer = await newBuyer(db(), { name: 'Telefone Confirmado' });
    await db().updateTable('buyers').set({ phone_verified_at: new Date() }).where('phone', '=', buyer.phone).execute();
    const hashes = [];
    for (let i = 0; i < 4; i += 1) {
      const reply = await buy(t.app, order(buyer, campaign, 1));
      hashes.push(reply.json().data.purchase_hash as string);
      await tick();
    }
    for (const hash of hashes) expect((await statusOf(hash)).status).toBe('sent');
  });
});

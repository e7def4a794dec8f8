import Fastify from 'fastify';
import app, { serverOptions } from '../../../src/app';
import { redactUrl, requestLogSerializer } from '../../../src/lib/logger';
import { logCapture, setupApp, setupAppBeside, testConfig } from '../../helper';
import { buyerDevice, insertBuyer, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { insertPurchase } from '../../support/purchases';
import { CANCELLED, PAID, PENDING, refusal, ticketsOf } from '@rifaria/shared/testing/fixtures';

const NOT_FOUND = {
  success: true,
  found: false,
  data: null,
  message: 'Nenhuma compra encontrada para este telefone e CPF nesta campanha.',
};

describe('GET /public/campaigns/:link/my-tickets', () => {
  const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });
  let link: string;
  let otherLink: string;
  let draftLink: string;
  let maria: { id: string; cpf: string; phone: string };
  let stranger: { id: string; cpf: string; phone: string };
  let withoutPurchases: { id: string; cpf: string; phone: string };
  const hashes: Record<string, string> = {};
  const base = new Date('2026-11-10T15:00:00Z');
  const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);

  const linkOf = async (id: string) =>
    (await t.database.db.selectFrom('campaigns').select('link').where('id', '=', id).executeTakeFirstOrThrow()).link;
  const hashOf = async (id: string) =>
    (await t.database.db.selectFrom('purchases').select('purchase_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .purchase_hash;

  const myTickets = (query: Record<string, string>, campaignLink = link, ip = '127.0.0.1', app = t.app) =>
    app.inject({ method: 'GET', url: `/public/campaigns/${campaignLink}/my-tickets`, query, remoteAddress: ip });

  beforeAll(async () => {
    const db = t.database.db;
    const campaign = await insertCampaign(db, { totalTickets: 10_000, priceCents: 150 });
    link = await linkOf(campaign.id);
    const other = await insertCampaign(db, { userId: campaign.userId, walletId: campaign.walletId });
    otherLink = await linkOf(other.id);
    const draft = await insertCampaign(db, { userId: campaign.userId, walletId: campaign.walletId, statusId: 1 });
    draftLink = await linkOf(draft.id);

    maria = await insertBuyer(db, { name: 'Maria Souza', phone: '11987654321', email: 'maria@example.com' });
    stranger = await insertBuyer(db, { name: 'Outra Pessoa', phone: '21987654321' });
    withoutPurchases = await insertBuyer(db, { name: 'Sem Compras', phone: '31987654321' });

    // Numbers are handed out in order by the fixture: 0-2 paid (Maria), 3-4 stranger, 5-6 pending (Maria).
    const paid = await insertPurchase(db, {
      campaignId: campaign.id,
      buyerId: maria.id,
      tickets: 3,
      unitPriceCents: 150,
      status: 'paid',
      purchasedAt: at(0),
    });
    await insertPurchase(db, { campaignId: campaign.id, buyerId: stranger.id, tickets: 2, purchasedAt: at(1) });
    const pending = await insertPurchase(db, {
      campaignId: campaign.id,
      buyerId: maria.id,
      tickets: 2,
      unitPriceCents: 150,
      status: 'pending',
      purchasedAt: at(5),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const cancelled = await insertPurchase(db, {
      campaignId: campaign.id,
      buyerId: maria.id,
      tickets: 4,
      unitPriceCents: 150,
      status: 'cancelled',
      purchasedAt: at(2),
    });
    // Maria's purchase in another campaign never shows here.
    await insertPurchase(db, { campaignId: other.id, buyerId: maria.id, tickets: 1, purchasedAt: at(3) });
    hashes.paid = await hashOf(paid.id);
    hashes.pending = await hashOf(pending.id);
    hashes.cancelled = await hashOf(cancelled.id);
  });

  it("should answer the buyer's purchases in this campaign, newest first, with zero-padded numbers", async () => {
    const response = await myTickets({ phone: maria.phone, cpf: maria.cpf });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      found: true,
      data: {
        buyer: { name: 'Maria Souza' },
        purchases: [
          {
            purchase_hash: hashes.pending,
            purchased_at: '2026-11-10T15:05:00.000Z',
            purchased_at_formatted: '10/11/2026 às 12:05',
            total_tickets: 2,
            total_value: 3,
            status: PENDING,
            tickets: ticketsOf([5, 6]),
          },
          {
            purchase_hash: hashes.cancelled,
            purchased_at: '2026-11-10T15:02:00.000Z',
            purchased_at_formatted: '10/11/2026 às 12:02',
            total_tickets: 4,
            total_value: 6,
            status: CANCELLED,
            tickets: [],
          },
          {
            purchase_hash: hashes.paid,
            purchased_at: '2026-11-10T15:00:00.000Z',
            purchased_at_formatted: '10/11/2026 às 12:00',
            total_tickets: 3,
            total_value: 4.5,
            status: PAID,
            tickets: ticketsOf([0, 1, 2]),
          },
        ],
        prizes: [],
      },
    });
    // Nothing personal beyond the name: no CPF, phone or e-mail.
    expect(response.body).not.toContain(maria.cpf);
    expect(response.body).not.toContain(maria.phone);
    expect(response.body).not.toContain('maria@example.com');
  });

  it('should accept phone and CPF as typed with their masks', async () => {
    const cpf = `${maria.cpf.slice(0, 3)}.${maria.cpf.slice(3, 6)}.${maria.cpf.slice(6, 9)}-${maria.cpf.slice(9)}`;
    const response = await myTickets({ phone: '(11) 98765-4321', cpf });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.purchases).toHaveLength(3);
  });

  it('should answer the same 200 found false for a wrong CPF, an unknown phone and a buyer without purchases here', async () => {
    const replies = await Promise.all([
      myTickets({ phone: maria.phone, cpf: stranger.cpf }),
      myTickets({ phone: '41987654321', cpf: maria.cpf }),
      myTickets({ phone: withoutPurchases.phone, cpf: withoutPurchases.cpf }),
      myTickets({ phone: stranger.phone, cpf: stranger.cpf }, otherLink),
    ]);
    for (const reply of replies) {
      // Looking before buying is normal: not a 404 (the browser logs every 4xx as a console error).
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual(NOT_FOUND);
    }
    // The same bytes: nothing tells "this phone exists" from "this CPF is wrong".
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
  });

  it('should show the device that proved the buyer its numbers without phone or CPF, and no other device (issue 30)', async () => {
    const byDevice = (cookies: Record<string, string>, campaignLink = link) =>
      t.app.inject({ method: 'GET', url: `/public/campaigns/${campaignLink}/my-tickets/device`, cookies });
    const typed = (await myTickets({ phone: maria.phone, cpf: maria.cpf })).json();
    const mine = await byDevice(buyerDevice(maria.id));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.json()).toEqual(typed);
    // A buyer with nothing here, a forged token, a stale epoch or none: the same 'nothing found'.
    for (const cookies of [
      buyerDevice(withoutPurchases.id),
      { rifaria_buyer: `v1.${maria.id}.0.${'A'.repeat(43)}` },
      buyerDevice(maria.id, 1),
      {},
    ]) {
      const other = await byDevice(cookies);
      expect(other.json()).toEqual({
        success: true,
        found: false,
        data: null,
        message: 'Nenhuma compra encontrada para este telefone e CPF nesta campanha.',
      });
      expect(other.body).not.toContain(hashes.paid!);
    }
    expect((await byDevice(buyerDevice(maria.id), 'nao-existe')).statusCode).toBe(404);
    // Each device sees only the buyer it proved.
    expect((await byDevice(buyerDevice(stranger.id))).json().data.buyer).toEqual({ name: 'Outra Pessoa' });
  });

  it('should show another buyer only their own purchases', async () => {
    const { data } = (await myTickets({ phone: stranger.phone, cpf: stranger.cpf })).json();
    expect(data.buyer).toEqual({ name: 'Outra Pessoa' });
    expect(data.purchases).toHaveLength(1);
    expect(data.purchases[0].tickets.map((ticket: { number: string }) => ticket.number)).toEqual(['0003', '0004']);
  });

  it('should answer 404 "Campanha não encontrada" for an unknown or draft campaign', async () => {
    for (const campaignLink of ['nao-existe', draftLink]) {
      const response = await myTickets({ phone: maria.phone, cpf: maria.cpf }, campaignLink);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal('Campanha não encontrada'));
    }
  });

  it('should answer 422 with the field messages for missing or invalid phone and CPF', async () => {
    const missing = await myTickets({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual(
      refusal('Dados inválidos. Verifique os campos informados.', {
        phone: ['Telefone deve ter pelo menos 10 dígitos'],
        cpf: ['CPF é obrigatório'],
      }),
    );
    const invalid = await myTickets({ phone: '00987654321', cpf: '12345678900' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ phone: ['Telefone inválido'], cpf: ['CPF inválido'] });
  });

  describe('rate limit', () => {
    const limited = setupAppBeside(t, {
      config: { rateLimits: { publicMyTickets: { max: 2, timeWindowMs: 60_000 } } },
    });

    it('should answer 429 in pt-BR after N lookups from one IP (guessing CPFs is throttled), not for another IP', async () => {
      const guess = { phone: maria.phone, cpf: stranger.cpf };
      for (let i = 0; i < 2; i++) {
        expect((await myTickets(guess, link, '10.3.0.1', limited.app)).json()).toEqual(NOT_FOUND);
      }
      const blocked = await myTickets({ phone: maria.phone, cpf: maria.cpf }, link, '10.3.0.1', limited.app);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(refusal('Muitas tentativas. Aguarde um minuto e tente novamente.'));
      expect((await myTickets({ phone: maria.phone, cpf: maria.cpf }, link, '10.3.0.2', limited.app)).statusCode).toBe(
        200,
      );
    });
  });

  describe('request log', () => {
    it("should not write the buyer's phone or CPF to the log (query string and check path redacted)", async () => {
      const { lines, stream } = logCapture();
      const config = testConfig({ buyerData: { secret: TEST_BUYER_DATA_SECRET } });
      // The logger options of server.ts that matter here: level info and its request serializer.
      const logged = Fastify({
        ...serverOptions(config),
        logger: { level: 'info', stream, serializers: { req: requestLogSerializer } },
      });
      await logged.register(app, { config, db: t.database.db, databaseKind: t.database.kind });
      await logged.ready();
      try {
        const ok = await logged.inject({
          method: 'GET',
          url: `/public/campaigns/${link}/my-tickets?phone=${maria.phone}&cpf=${maria.cpf}`,
        });
        expect(ok.statusCode).toBe(200);
        expect((await logged.inject({ method: 'GET', url: `/public/buyers/check/${maria.phone}` })).statusCode).toBe(
          200,
        );
        const invalid = await logged.inject({
          method: 'GET',
          url: `/public/campaigns/${link}/my-tickets?cpf=${maria.cpf}`,
        });
        expect(invalid.statusCode).toBe(422);
      } finally {
        await logged.close();
      }
      const log = lines.join('');
      expect(log).toContain(`"url":"/public/campaigns/${link}/my-tickets?phone=[redacted]&cpf=[redacted]"`);
      expect(log).toContain('"url":"/public/buyers/check/[redacted]"');
      expect(log).not.toContain(maria.phone);
      expect(log).not.toContain(maria.cpf);
    });

    it('should redact query values except harmless keys, and the phone segment of the buyer check', () => {
      expect(redactUrl('/public/campaigns/rifa/my-tickets?phone=11987654321&cpf=1')).toBe(
        '/public/campaigns/rifa/my-tickets?phone=[redacted]&cpf=[redacted]',
      );
      expect(redactUrl('/public/buyers/check/11987654321')).toBe('/public/buyers/check/[redacted]');
      expect(redactUrl('//public//buyers/check/11987654321?x=1')).toBe(
        '//public//buyers/check/[redacted]?x=[redacted]',
      );
      expect(redactUrl('/public/campaigns/rifa')).toBe('/public/campaigns/rifa');
      expect(redactUrl('/api/campaigns?status=2')).toBe('/api/campaigns?status=2');
      expect(redactUrl('/api/auth/verify-email?token=abc123')).toBe('/api/auth/verify-email?token=[redacted]');
      expect(redactUrl('/api/campaigns/1/sales?buyer_search=maria%40x.com&page=2')).toBe(
        '/api/campaigns/1/sales?buyer_search=[redacted]&page=2',
      );
    });
  });
});

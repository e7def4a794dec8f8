import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { formatBRL } from '@rifaria/shared/format';
import { DRAW_MESSAGES } from '@rifaria/shared/schemas';
import { auditLedger, walletBalances } from '../../../src/ledger';
import { verifyDrawFile } from '../../../src/draws/verification';
import { roundTime } from '../../../src/draws/beacon';
import { DrandBeacon, type Beacon } from '../../../src/draws/beacon-client';
import {
  CaixaFederalResults,
  firstSandboxContestOn,
  sandboxContestDate,
  type FederalResults,
} from '../../../src/draws/federal-results';
import { api, setupApp, setupAppBeside } from '../../helper';
import { testCpfCipher } from '../../support/buyers';
import { drawableCampaign, drawCampaign, paidNumbers, paidOf, setDrawAt } from '../../support/draws';
import { QUICKNET_ROUNDS } from '../../support/drand-rounds';
import { FakeJsonServer } from '../../support/fake-json-server';
import { organiser, setupOrganiser } from '../../support/organisers';
import { chargeOf, getPurchase, purchaseRow, sellingConfig } from '../../support/purchases';
import { sandboxChargeOf } from '../../support/pix';

/** POST /api/campaigns/{id}/draw, its settlement and the public result (issue 13). */

const config = sellingConfig();
const t = setupApp({ config });
const owner = setupOrganiser(t);
const db = () => t.database.db;

const publicResult = (link: string) => t.app.inject({ method: 'GET', url: `/public/campaigns/${link}/result` });
const verificationFile = (link: string) =>
  t.app.inject({ method: 'GET', url: `/public/campaigns/${link}/result/verification.json` });

describe("'Sorteio Rifaria'", () => {
  it('should draw distinct paid numbers, finish the campaign, release its money and notify, in one go', async () => {
    const campaign = await drawableCampaign(t.app, owner, { paid: [5, 3], pending: [2] });
    const paid = await paidNumbers(t.app, campaign.id);
    expect(paid).toHaveLength(8);
    await db()
      .insertInto('user_settings')
      .values({ user_id: owner.id, public_name: 'Rifas da Ana' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ public_name: 'Rifas da Ana' }))
      .execute();

    // Before the draw: the commitment and the rule are public, the result is not.
    const page = (await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}` })).json().data;
    expect(page.draw_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(page.draw_rule).toContain('drand');
    expect(page.drawn).toBe(false);
    expect((await publicResult(campaign.link)).statusCode).toBe(404);
    expect((await verificationFile(campaign.link)).statusCode).toBe(404);
    expect((await api(t.app).get(`/api/campaigns/${campaign.id}/draw`, owner)).statusCode).toBe(404);
    const before = await walletBalances(db(), owner.walletId);
    expect(before).toMatchObject({ blockedCents: 1600 });

    const reply = await drawCampaign(t.app, owner, campaign.id);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.message).toBe(DRAW_MESSAGES.drawn);
    const result = body.data;
    expect(result.method).toBe('rifaria');
    expect(result.winners.map((w: { position: number }) => w.position)).toEqual([1, 2, 3]);
    const numbers = result.winners.map((w: { number: string }) => Number(w.number));
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(paid).toContain(n);
    for (const winner of result.winners) {
      expect(winner.number).toMatch(/^\d{2}$/); // 100 tickets: 00..99, as on the checkout
      expect(winner.buyer_name).toMatch(/^Comprador\d da Silva Teste$/);
      expect(winner.buyer_phone).toMatch(/^\(11\) 9\d{4}-\d{4}$/);
    }
    expect(result.winners[0].award).toEqual({ description: 'Moto 0km' });
    expect(result.beacon).toMatchObject({ source: 'sandbox', url: null });
    expect(createHash('sha256').update(Buffer.from(result.seed, 'hex')).digest('hex')).toBe(page.draw_commitment);
    expect(result.commitment).toBe(page.draw_commitment);
    expect(result.paid_count).toBe(8);

    // Finalizada; its 'Futuro' money is 'Disponível'; the ledger balances.
    const campaignView = (await api(t.app).get(`/api/campaigns/${campaign.id}`, owner)).json().data;
    expect(campaignView.status).toEqual({ id: 4, description: 'Finalizada' });
    expect(campaignView.drawn_at).toBe(result.drawn_at);
    expect(await walletBalances(db(), owner.walletId)).toMatchObject({
      blockedCents: 0,
      availableCents: before.availableCents + 1600,
    });
    // The wallet's history shows the release once, as a movement between balances (issue 30, item 6).
    const history = (await api(t.app).get(`/api/user-wallets/${owner.walletId}/transactions`, owner)).json().data;
    const releases = history.filter((row: { kind: string }) => row.kind === 'release');
    expect(releases).toEqual([
      expect.objectContaining({
        type: 'move',
        balance: 'available',
        amount: 16,
        description: expect.stringContaining('Sorteio realizado'),
      }),
    ]);
    const audit = await auditLedger(db());
    expect(audit.mismatchedAccounts).toEqual([]);
    expect(audit.unbalancedTransactions).toEqual([]);

    // Notifications: the organiser by e-mail, each winner by WhatsApp (and e-mail when they gave one).
    const mails = await db().selectFrom('mail_outbox').select(['to_address', 'subject', 'body_text']).execute();
    const organiserMail = mails.find((m) => m.to_address === owner.email && m.subject.includes('Sorteio realizado'));
    expect(organiserMail?.subject).toContain('Sorteio realizado');
    expect(organiserMail?.body_text).toContain(formatBRL(1600));
    const whatsapp = await db()
      .selectFrom('whatsapp_outbox')
      .selectAll()
      .where('kind', '=', 'draw_result')
      .orderBy('id')
      .execute();
    // The organiser has no phone and no instance here: the winners only (whatsapp/notifications.test.ts has the rest).
    expect(whatsapp).toHaveLength(3);
    // Issue 30: the winners are told the organiser's public name, the one the campaign page shows.
    expect(whatsapp[0]!.body_text).toContain('O organizador, Rifas da Ana, vai entrar em contato para a entrega.');
    expect(whatsapp[0]!.to_phone).toMatch(/^5511\d{9}$/);
    expect(whatsapp[0]!.body_text).toContain(`/p/${campaign.link}/resultado`);

    // The winners' "Meus números" congratulates them.
    const firstWinner = result.winners[0];
    const holder = await db()
      .selectFrom('purchases as p')
      .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
      .select(['b.phone', 'b.cpf_encrypted'])
      .where('p.purchase_hash', '=', firstWinner.purchase_hash)
      .executeTakeFirstOrThrow();
    const cpf = testCpfCipher().decrypt(holder.cpf_encrypted);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/public/campaigns/${campaign.link}/my-tickets?phone=${holder.phone}&cpf=${cpf}`,
    });
    expect(mine.json().data.prizes).toContainEqual({
      position: 1,
      award: { description: 'Moto 0km' },
      number: firstWinner.number,
    });

    // Sales closed: the pending purchase is cancelled, its numbers freed, its charge cancelled at the PSP.
    const pending = campaign.purchases.find((p) => !p.paid)!;
    await t.app.services.purchases.expireOverdue();
    expect((await purchaseRow(db(), pending.hash)).status_id).toBe(3);
    // Its checkout says sales closed for the draw, not that the buyer let the time run out (issue 30).
    expect((await getPurchase(t.app, pending.hash)).json().data.ends_at_draw).toBe(true);
    const charge = await chargeOf(db(), pending.id);
    const atPsp = await sandboxChargeOf(db(), charge.txid);
    expect(atPsp.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');

    // Once only.
    const again = await drawCampaign(t.app, owner, campaign.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(DRAW_MESSAGES.alreadyDrawn);

    // The public result: names masked; the organiser's: full.
    const pub = await publicResult(campaign.link);
    expect(pub.statusCode).toBe(200);
    const published = pub.json().data;
    expect(published.winners.map((w: { number: string }) => w.number)).toEqual(
      result.winners.map((w: { number: string }) => w.number),
    );
    for (const winner of published.winners) {
      expect(winner.buyer_name).toMatch(/^Comprador\d T\.$/);
      expect(winner).not.toHaveProperty('buyer_phone');
    }
    expect((await api(t.app).get(`/api/campaigns/${campaign.id}/draw`, owner)).json().data).toEqual(result);
    const pageAfter = (await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}` })).json().data;
    expect(pageAfter).toMatchObject({ drawn: true, accepting_purchases: false, status: { id: 4 } });

    // The verification file recomputes the same winners with no server.
    const file = await verificationFile(campaign.link);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="sorteio-${campaign.link}.json"`);
    const parsed = JSON.parse(file.body);
    expect(parsed).toMatchObject({ version: 2, paid_count: 8 });
    expect(parsed).not.toHaveProperty('paid_numbers');
    expect(paidOf(parsed)).toEqual(paid);
    const report = verifyDrawFile(parsed);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.winners.map((w) => w.number)).toEqual(numbers);

    // Stored at the draw, served as an immutable compressed file: brotli or gzip as accepted, with its ETag.
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = file.headers.etag as string;
    expect(etag).toBe(`"${createHash('sha256').update(file.rawPayload).digest('hex')}"`);
    const download = (encoding: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/public/campaigns/${campaign.link}/result/verification.json`,
        headers: { 'accept-encoding': encoding, ...headers },
      });
    const br = await download('gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding', etag });
    expect(brotliDecompressSync(br.rawPayload).equals(file.rawPayload)).toBe(true);
    const gz = await download('gzip;q=1, br;q=0');
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', etag });
    expect(gunzipSync(gz.rawPayload).equals(file.rawPayload)).toBe(true);
    const unchanged = await download('br', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('should serve a draw stored before issue 29 (its paid numbers as bytes, no file) as a version 2 file, stored once', async () => {
    const campaign = await drawableCampaign(t.app, owner, { paid: [4, 2] });
    const paid = await paidNumbers(t.app, campaign.id);
    expect((await drawCampaign(t.app, owner, campaign.id)).statusCode).toBe(200);
    const current = JSON.parse((await verificationFile(campaign.link)).body);
    // Back to the earlier form: the numbers in campaign_draws, no stored file.
    const bytes = Buffer.alloc(4 * paid.length);
    paid.forEach((n, i) => bytes.writeUInt32BE(n, 4 * i));
    await db().deleteFrom('campaign_draw_files').where('campaign_id', '=', String(campaign.id)).execute();
    await sql`UPDATE campaign_draws SET paid_numbers = ${bytes} WHERE campaign_id = ${String(campaign.id)}`.execute(
      db(),
    );

    const rebuilt = await verificationFile(campaign.link);
    expect(rebuilt.statusCode).toBe(200);
    expect(JSON.parse(rebuilt.body)).toEqual(current);
    expect(verifyDrawFile(JSON.parse(rebuilt.body)).ok).toBe(true);
    const stored = await db()
      .selectFrom('campaign_draw_files')
      .select('etag')
      .where('campaign_id', '=', String(campaign.id))
      .execute();
    expect(stored).toEqual([{ etag: rebuilt.headers.etag }]);
  });

  it('should refuse before the draw datetime, without one, with nothing paid, unpublished, with a body, or for someone else', async () => {
    const early = await drawableCampaign(t.app, owner, { drawAt: new Date(Date.now() + 3_600_000) });
    const tooEarly = await drawCampaign(t.app, owner, early.id);
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json().message).toMatch(
      /^O sorteio só pode ser realizado a partir de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/,
    );

    await setDrawAt(t.app, early.id, null);
    expect((await drawCampaign(t.app, owner, early.id)).json().message).toBe(DRAW_MESSAGES.noDrawDate);

    const unpaid = await drawableCampaign(t.app, owner, { paid: [], pending: [3] });
    const nothing = await drawCampaign(t.app, owner, unpaid.id);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe(DRAW_MESSAGES.noPaidTickets);

    const other = await organiser(t.app);
    const ready = await drawableCampaign(t.app, owner);
    expect((await drawCampaign(t.app, other, ready.id)).statusCode).toBe(404);
    const withBody = await drawCampaign(t.app, owner, ready.id, { contest: 5732 });
    expect(withBody.statusCode).toBe(422);
    expect(withBody.json().message).toBe(DRAW_MESSAGES.rifariaTakesNoBody);

    await db().updateTable('campaigns').set({ status_id: 3 }).where('id', '=', String(ready.id)).execute();
    const cancelled = await drawCampaign(t.app, owner, ready.id);
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json().message).toBe(DRAW_MESSAGES.notPublished);
    // Nothing was drawn, nothing released.
    expect(
      await db()
        .selectFrom('campaign_draws')
        .select('campaign_id')
        .where('campaign_id', 'in', [String(early.id), String(unpaid.id), String(ready.id)])
        .execute(),
    ).toEqual([]);
  });

  it('should not let the draw type change once published (the rule was public)', async () => {
    const campaign = await drawableCampaign(t.app, owner, { drawAt: new Date(Date.now() + 3_600_000) });
    const reply = await api(t.app).put(`/api/campaigns/${campaign.id}`, owner, { draw_type_id: 1 });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors.draw_type_id).toEqual(['O tipo de sorteio não pode ser alterado depois da publicação.']);
  });
});

describe("'Loteria Federal'", () => {
  const federalOwner = setupOrganiser(t);
  const prizes5732 = ['50366', '33514', '45504', '94365', '51105'];

  it('should draw 66, 14, 04 from contest 5732 on a sold-out 100-ticket campaign, typed or fetched', async () => {
    for (const body of [{ contest: 5732, prizes: prizes5732 }, { contest: '5732' }]) {
      const campaign = await drawableCampaign(t.app, federalOwner, { drawTypeId: 1, paid: [100] });
      const page = (await t.app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}` })).json().data;
      expect(page.draw_commitment).toBeNull();
      expect(page.draw_rule).toContain('Loteria Federal');
      const reply = await drawCampaign(t.app, federalOwner, campaign.id, body);
      expect(reply.statusCode).toBe(200);
      const result = reply.json().data;
      expect(result.winners.map((w: { number: string }) => w.number)).toEqual(['66', '14', '04']);
      expect(result.federal).toMatchObject({ contest: 5732, prizes: prizes5732 });
      expect(result.federal.steps[0].join(' ')).toContain('50366');
      expect(result.seed).toBeNull();
      expect(result.beacon).toBeNull();
      const report = verifyDrawFile(JSON.parse((await verificationFile(campaign.link)).body));
      expect(report.ok).toBe(true);
    }
  });

  it('should refuse typed prizes that differ from the published result, and short ones', async () => {
    const campaign = await drawableCampaign(t.app, federalOwner, { drawTypeId: 1, paid: [10] });
    const wrong = await drawCampaign(t.app, federalOwner, campaign.id, {
      contest: 5732,
      prizes: ['12345', '33514', '45504', '94365', '51105'],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.prizes).toEqual([DRAW_MESSAGES.prizesMismatch(5732, prizes5732)]);
    const short = await drawCampaign(t.app, federalOwner, campaign.id, {
      contest: 5732,
      prizes: ['123', '4', '99999', '00000', '12345'],
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({
      'prizes.0': [DRAW_MESSAGES.prizeInvalid(1)],
      'prizes.1': [DRAW_MESSAGES.prizeInvalid(2)],
    });
    // Caixa's six-digit form is the same prize.
    const padded = await drawCampaign(t.app, federalOwner, campaign.id, {
      contest: 5732,
      prizes: prizes5732.map((p) => `0${p}`),
    });
    expect(padded.statusCode).toBe(200);
    expect(padded.json().data.federal).toMatchObject({ prizes: prizes5732, source: 'sandbox' });
  });

  it('should look a contest up for the organiser to review, on a Federal campaign only', async () => {
    const campaign = await drawableCampaign(t.app, federalOwner, { drawTypeId: 1, paid: [2] });
    const found = await api(t.app).get(`/api/campaigns/${campaign.id}/draw/federal-result?contest=5732`, federalOwner);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({
      contest: 5732,
      date: '2023-01-18',
      date_formatted: '18/01/2023',
      prizes: prizes5732,
      source: 'sandbox',
    });
    const bad = await api(t.app).get(`/api/campaigns/${campaign.id}/draw/federal-result?contest=abc`, federalOwner);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.contest).toEqual([DRAW_MESSAGES.contestInvalid]);
    const rifaria = await drawableCampaign(t.app, federalOwner, { paid: [1] });
    const notFederal = await api(t.app).get(
      `/api/campaigns/${rifaria.id}/draw/federal-result?contest=5732`,
      federalOwner,
    );
    expect(notFederal.statusCode).toBe(422);
    expect(notFederal.json().message).toBe(DRAW_MESSAGES.notFederal);
  });

  it('should hold the sandbox to the first contest from the draw date on, as Caixa (issue 30, item 18)', async () => {
    // A draw today: contest 5732 of 18/01/2023 is refused, typed or fetched, looked up or drawn.
    const campaign = await drawableCampaign(t.app, federalOwner, {
      drawTypeId: 1,
      paid: [10],
      drawAt: new Date(Date.now() - 60_000),
    });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(Date.now() - 60_000),
    );
    const [y, m, d] = day.split('-');
    const early = DRAW_MESSAGES.contestBeforeDraw(5732, '18/01/2023', `${d}/${m}/${y}`);
    const lookup = await api(t.app).get(`/api/campaigns/${campaign.id}/draw/federal-result?contest=5732`, federalOwner);
    expect(lookup.statusCode).toBe(422);
    expect(lookup.json().errors.contest).toEqual([early]);
    for (const body of [{ contest: 5732 }, { contest: 5732, prizes: prizes5732 }]) {
      const refused = await drawCampaign(t.app, federalOwner, campaign.id, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.contest).toEqual([early]);
    }
    // The contest before the first one of the draw day is refused too; the first one is served, dated.
    const first = firstSandboxContestOn(day);
    const before = await drawCampaign(t.app, federalOwner, campaign.id, { contest: first - 1, prizes: prizes5732 });
    expect(before.statusCode).toBe(422);
    const served = await api(t.app).get(
      `/api/campaigns/${campaign.id}/draw/federal-result?contest=${first}`,
      federalOwner,
    );
    expect(served.statusCode).toBe(200);
    expect(served.json().data).toMatchObject({ contest: first, date: sandboxContestDate(first), source: 'sandbox' });
    expect(sandboxContestDate(first) >= day).toBe(true);
    // Typed prizes of a contest the sandbox made up stand as the organiser's (nothing real to compare them with).
    const drawn = await drawCampaign(t.app, federalOwner, campaign.id, { contest: first, prizes: prizes5732 });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().data.federal).toMatchObject({ contest: first, prizes: prizes5732, source: 'organizer' });
  });

  it('should answer field errors in pt-BR for a bad contest or prizes', async () => {
    const campaign = await drawableCampaign(t.app, federalOwner, { drawTypeId: 1, paid: [10] });
    const empty = await drawCampaign(t.app, federalOwner, campaign.id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.contest).toEqual([DRAW_MESSAGES.contestRequired]);
    const bad = await drawCampaign(t.app, federalOwner, campaign.id, {
      contest: '57a',
      prizes: ['50366', '', 'x'.repeat(5000), '94365', '51105'],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      contest: [DRAW_MESSAGES.contestInvalid],
      'prizes.1': [DRAW_MESSAGES.prizeRequired(2)],
      'prizes.2': [DRAW_MESSAGES.prizeInvalid(3)],
    });
  });
});

describe('sales close at the draw', () => {
  const closer = setupOrganiser(t);

  it.each([
    ["'Sorteio Rifaria'", 2, undefined],
    ["'Loteria Federal'", 1, { contest: 5732, prizes: ['50366', '33514', '45504', '94365', '51105'] }],
  ] as const)(
    'should cancel every purchase still Pendente in the draw (%s), numbers released',
    async (_, drawTypeId, body) => {
      const campaign = await drawableCampaign(t.app, closer, { drawTypeId, paid: [5], pending: [2, 3] });
      const pending = campaign.purchases.filter((purchase) => !purchase.paid);
      const held = await db()
        .selectFrom('campaign_tickets')
        .select('number')
        .where('campaign_id', '=', String(campaign.id))
        .where(
          'purchase_id',
          'in',
          pending.map((purchase) => purchase.id),
        )
        .execute();
      expect(held).toHaveLength(5);

      const reply = await drawCampaign(t.app, closer, campaign.id, body);
      expect(reply.statusCode).toBe(200);

      const rows = await db()
        .selectFrom('purchases')
        .select(['id', 'status_id', 'cancelled_at'])
        .where('campaign_id', '=', String(campaign.id))
        .execute();
      expect(rows.filter((row) => row.status_id === 1)).toEqual([]);
      for (const { id } of pending) {
        expect(rows.find((row) => row.id === id)).toMatchObject({ status_id: 3, cancelled_at: expect.any(Date) });
        const charge = await chargeOf(db(), id);
        const psp = await sandboxChargeOf(db(), charge.txid);
        expect(psp.status).not.toBe('ATIVA');
      }
      // Released the way expiry releases them: out of campaign_tickets, into the free list.
      const released = await db()
        .selectFrom('released_tickets')
        .select('number')
        .where('campaign_id', '=', String(campaign.id))
        .execute();
      expect(released.map((row) => row.number).sort()).toEqual(held.map((row) => row.number).sort());
      expect(await paidNumbers(t.app, campaign.id)).toHaveLength(5);
    },
  );
});

describe('with real adapters against fake servers', () => {
  const drand = new FakeJsonServer();
  const caixa = new FakeJsonServer();
  beforeAll(async () => {
    await drand.start();
    await caixa.start();
  });
  afterAll(async () => {
    await drand.stop();
    await caixa.stop();
  });
  // The servers' ports are known once they listen: the adapters are built per call.
  const beacon: Beacon = {
    source: 'drand',
    round: (round, signal) => new DrandBeacon({ urls: [drand.url], timeoutMs: 2000 }).round(round, signal),
  };
  const federalResults: FederalResults = {
    source: 'caixa',
    contest: (contest, signal) =>
      new CaixaFederalResults({ baseUrl: caixa.url, timeoutMs: 2000 }).contest(contest, signal),
  };
  const real = setupAppBeside(t, { beacon, federalResults });
  const recorded = QUICKNET_ROUNDS[3];

  it('should mix in the drand round of the draw datetime, BLS-checked, and say when drand is unreachable', async () => {
    const app = real.app;
    const me = await organiser(app);
    const campaign = await drawableCampaign(app, me, { drawAt: roundTime(recorded.round) });

    drand.reply = { status: 502, body: {} };
    const down = await drawCampaign(app, me, campaign.id);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(DRAW_MESSAGES.beaconUnavailable);

    drand.reply = null;
    drand.routes.set(`/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/${recorded.round}`, {
      status: 200,
      body: { round: recorded.round, randomness: recorded.randomness, signature: recorded.signature },
    });
    const reply = await drawCampaign(app, me, campaign.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.beacon).toMatchObject({
      source: 'drand',
      round: recorded.round,
      randomness: recorded.randomness,
      url: `https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/${recorded.round}`,
    });
    const file = JSON.parse(
      (await app.inject({ method: 'GET', url: `/public/campaigns/${campaign.link}/result/verification.json` })).body,
    );
    expect(verifyDrawFile(file).ok).toBe(true);
    // A tampered round fails the check.
    file.beacon.randomness = '0'.repeat(64);
    expect(verifyDrawFile(file).ok).toBe(false);
  });

  it('should tell the organiser when Caixa does not know the contest or cannot be reached', async () => {
    const app = real.app;
    const me = await organiser(app);
    const campaign = await drawableCampaign(app, me, {
      drawTypeId: 1,
      paid: [4],
      drawAt: new Date(Date.now() - 60_000),
    });
    caixa.reply = { status: 404, body: {} };
    const unknown = await drawCampaign(app, me, campaign.id, { contest: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.contest).toEqual([DRAW_MESSAGES.federalNotFound(999999)]);
    caixa.reply = 'destroy';
    const down = await drawCampaign(app, me, campaign.id, { contest: 5732 });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(DRAW_MESSAGES.federalUnavailable);

    // A contest held before the draw date: its numbers were known while tickets were sold.
    caixa.reply = {
      status: 200,
      body: {
        numero: 5732,
        dataApuracao: '18/01/2023',
        dezenasSorteadasOrdemSorteio: ['050366', '033514', '045504', '094365', '051105'],
      },
    };
    const early = await drawCampaign(app, me, campaign.id, { contest: 5732 });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.contest[0]).toMatch(
      /^O concurso 5732 foi realizado em 18\/01\/2023, antes da data do sorteio/,
    );

    // Caixa unreachable: the organiser's typed prizes stand, recorded as theirs.
    caixa.reply = 'destroy';
    const typed = await drawCampaign(app, me, campaign.id, {
      contest: 6000,
      prizes: ['50366', '33514', '45504', '94365', '51105'],
    });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().data.federal).toMatchObject({ contest: 6000, source: 'organizer' });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DRAW_MESSAGES } from '@rifaria/shared/schemas';
import { firstContestOn } from '../../../src/draws/auto-draw';
import { firstSandboxContestOn, sandboxContestDate, SandboxFederalResults } from '../../../src/draws/federal-results';
import { verifyDrawFile } from '../../../src/draws/verification';
import { saoPauloDate } from '../../../src/lib/sao-paulo-day';
import { RECONCILIATION_MESSAGES } from '../../../src/reconciliation/service';
import { setupApp } from '../../helper';
import { drawableCampaign, runVerifyDraw } from '../../support/draws';
import { auditRows, signInOperator, type SignedInOperator } from '../../support/operators';
import { organiser } from '../../support/organisers';
import { payCharge } from '../../support/pix';
import { buy, campaignAndBuyer, chargeOf, order, purchaseRow, sellingConfig } from '../../support/purchases';

/** Issue 32, the books: reconciliation with the PSP, the trial balance, the overdue draws and the console's home. */

const t = setupApp({ config: sellingConfig({ draws: { autoDrawAfterHours: 1 } }) });
let op: SignedInOperator;
beforeAll(async () => {
  op = await signInOperator(t.app);
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: op.headers, ...(payload ? { payload } : {}) });

/** A reservation of `tickets` numbers (its sandbox charge ATIVA), optionally paid through the sandbox's webhook. */
async function purchase(app: FastifyInstance, tickets: number, pay: boolean) {
  const { campaign, buyer } = await campaignAndBuyer(app);
  const reply = await buy(app, order(buyer, campaign, tickets));
  expect(reply.statusCode).toBe(201);
  const row = await purchaseRow(app.db, reply.json().data.purchase_hash);
  const { txid } = await chargeOf(app.db, row.id);
  if (pay) expect((await payCharge(app, txid)).statusCode).toBe(200);
  return { row, txid };
}

let e2eCounter = 0;
/** A Pix the sandbox PSP received whose webhook never reached the platform: no ledger entry for it. */
async function pixWithoutLedger(txid: string) {
  e2eCounter += 1;
  const endToEndId = `E99999999${Date.now()}${String(e2eCounter).padStart(4, '0')}`.padEnd(32, 'x').slice(0, 32);
  await t.app.db
    .updateTable('sandbox_pix_charges')
    .set({ status: 'CONCLUIDA', end_to_end_id: endToEndId, paid_at: new Date() })
    .where('txid', '=', txid)
    .execute();
  return endToEndId;
}

describe('reconciliation (done when 3)', () => {
  const today = saoPauloDate(new Date());

  it('should show 0 mismatches, 1 after a Pix with no ledger entry, and 0 again after its replay', async () => {
    await purchase(t.app, 2, true);
    const clean = await admin('POST', '/api/admin/reconciliation/run', { date: today });
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toMatchObject({ date: today, mismatches: [] });
    expect(clean.json().psp_count).toBe(clean.json().ledger_count);
    expect(clean.json().psp_total).toBe(clean.json().ledger_total);

    const lost = await purchase(t.app, 3, false);
    const e2eid = await pixWithoutLedger(lost.txid);
    const found = (await admin('POST', '/api/admin/reconciliation/run', { date: today })).json();
    expect(found.psp_count).toBe(clean.json().psp_count + 1);
    expect(found.ledger_count).toBe(clean.json().ledger_count);
    expect(found.mismatches).toEqual([
      {
        id: expect.any(String),
        kind: 'missing_in_ledger',
        txid: lost.txid,
        e2eid,
        amount: Number(lost.row.total_cents),
        ledger_amount: null,
        status: 'open',
        note: null,
      },
    ]);
    expect((await admin('GET', `/api/admin/reconciliation?date=${today}`)).json().mismatches).toHaveLength(1);

    const replayed = await admin('POST', `/api/admin/reconciliation/mismatches/${found.mismatches[0].id}/replay`);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().mismatches).toEqual([]);
    expect((await purchaseRow(t.app.db, lost.row.purchase_hash)).status_id).toBe(2);
    // Idempotent: the same Pix is credited once, however often it is replayed or run again.
    const again = (await admin('POST', '/api/admin/reconciliation/run', { date: today })).json();
    expect(again).toMatchObject({ psp_count: found.psp_count, ledger_count: found.psp_count, mismatches: [] });
    expect(again.ledger_total).toBe(again.psp_total);

    const audit = await auditRows(t.app, 'reconciliation.replay');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: op.operatorId, target_type: 'reconciliation_mismatch' });
    expect((await auditRows(t.app, 'reconciliation.run')).length).toBeGreaterThanOrEqual(3);
  });

  it('should keep a Pix it cannot credit open, then investigated with its note across runs', async () => {
    const lost = await purchase(t.app, 1, false);
    const e2eid = await pixWithoutLedger(lost.txid);
    // The charge is gone on our side (as if the txid were not ours): the replay cannot credit it.
    await t.app.db
      .updateTable('pix_charges')
      .set({ txid: `x${lost.txid.slice(1)}` })
      .where('txid', '=', lost.txid)
      .execute();
    const run = (await admin('POST', '/api/admin/reconciliation/run', { date: today })).json();
    const mismatch = run.mismatches.find((each: { e2eid: string }) => each.e2eid === e2eid);
    expect(mismatch).toMatchObject({ kind: 'missing_in_ledger', status: 'open' });

    const refused = await admin('POST', `/api/admin/reconciliation/mismatches/${mismatch.id}/replay`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RECONCILIATION_MESSAGES.notConfirmed);

    const note = 'Pix de outra conta do PSP; estorno pedido ao banco.';
    const investigated = await admin('POST', `/api/admin/reconciliation/mismatches/${mismatch.id}/investigate`, {
      note,
    });
    expect(investigated.statusCode).toBe(200);
    expect(investigated.json().mismatches).toContainEqual({ ...mismatch, status: 'investigated', note });
    const rerun = (await admin('POST', '/api/admin/reconciliation/run', { date: today })).json();
    expect(rerun.mismatches).toContainEqual({ ...mismatch, status: 'investigated', note });
    expect(await auditRows(t.app, 'reconciliation.investigate')).toEqual([
      expect.objectContaining({ operator_id: op.operatorId, target_id: mismatch.id }),
    ]);

    const blank = await admin('POST', `/api/admin/reconciliation/mismatches/${mismatch.id}/investigate`, { note: ' ' });
    expect(blank.statusCode).toBe(422);
    expect((await admin('POST', '/api/admin/reconciliation/mismatches/999999/replay')).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/reconciliation?date=2026-13-01')).statusCode).toBe(422);
  });

  it('should reconcile the previous São Paulo day once from the worker, after 02:00', async () => {
    const { reconciliation } = t.app.services;
    expect(await reconciliation.reconcilePreviousDay(new Date('2030-03-10T04:00:00Z'))).toBeNull(); // 01:00 in SP
    expect(await reconciliation.reconcilePreviousDay(new Date('2030-03-10T06:00:00Z'))).toBe('2030-03-09');
    expect(await reconciliation.reconcilePreviousDay(new Date('2030-03-10T09:00:00Z'))).toBeNull();
    // The PSP down: the error is the worker's to log, and the next passes leave it alone for a while.
    const listed = jest.spyOn(t.app.services.pix, 'listReceived').mockRejectedValueOnce(new Error('PSP fora do ar'));
    await expect(reconciliation.reconcilePreviousDay(new Date('2030-03-11T06:00:00Z'))).rejects.toThrow(
      'PSP fora do ar',
    );
    expect(await reconciliation.reconcilePreviousDay(new Date('2030-03-11T06:05:00Z'))).toBeNull();
    expect(await reconciliation.reconcilePreviousDay(new Date('2030-03-11T06:11:00Z'))).toBe('2030-03-10');
    expect(listed).toHaveBeenCalledTimes(2);
    listed.mockRestore();
    expect((await admin('GET', '/api/admin/reconciliation?date=2030-03-09')).json()).toMatchObject({
      psp_count: 0,
      ledger_count: 0,
      ran_at: expect.any(String),
      mismatches: [],
    });
  });
});

describe('GET /api/admin/ledger/trial-balance', () => {
  it("should total 0, and show each organiser's 'Futuro' and 'Disponível' the same in the ledger and the wallet", async () => {
    await purchase(t.app, 2, true);
    const reply = await admin('GET', '/api/admin/ledger/trial-balance');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.total).toBe(0);
    expect(body.accounts.reduce((sum: number, account: { balance: number }) => sum + account.balance, 0)).toBe(0);
    expect(body.accounts.find((a: { code: string }) => a.code === 'platform:pix_clearing').balance).toBeLessThan(0);
    expect(body.organisers.length).toBeGreaterThan(0);
    for (const each of body.organisers) {
      expect(each.ledger_pending).toBe(each.wallet_pending);
      expect(each.ledger_available).toBe(each.wallet_available);
    }
    expect(body.organisers.some((each: { ledger_pending: number }) => each.ledger_pending > 0)).toBe(true);
  });
});

describe('GET /api/admin/overview', () => {
  it('should give 30 days of paid sales, the conversion and what waits for an operator', async () => {
    const reply = await admin('GET', '/api/admin/overview');
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1).day).toBe(saoPauloDate(new Date()));
    expect(body.days.at(-1).paid_purchases).toBeGreaterThanOrEqual(3);
    expect(body.days.at(-1).sales_value).toBeGreaterThan(0);
    expect(body.conversion.paid).toBeLessThanOrEqual(body.conversion.reserved);
    expect(body.conversion.rate).toBeCloseTo(body.conversion.paid / body.conversion.reserved);
    expect(body).toMatchObject({
      active_campaigns: expect.any(Number),
      open_reports: 0,
      pending_kyc: expect.any(Number),
      mismatches: 0,
    });
    expect(body.active_campaigns).toBeGreaterThan(0);
  });
});

describe('overdue draws (done when 6)', () => {
  it('should list campaigns undrawn past AUTO_DRAW_AFTER_HOURS; the worker draws the Rifaria one and verify-draw agrees', async () => {
    const owner = await organiser(t.app);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const rifaria = await drawableCampaign(t.app, owner, { drawAt: twoHoursAgo, paid: [4, 2] });
    const recent = await drawableCampaign(t.app, owner, { drawAt: new Date(Date.now() - 10 * 60_000), paid: [1] });
    const federal = await drawableCampaign(t.app, owner, { drawTypeId: 1, drawAt: twoHoursAgo, paid: [1] });

    const listed = (await admin('GET', '/api/admin/overdue-draws')).json();
    expect(listed.auto_draw_after_hours).toBe(1);
    const ids = listed.items.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([String(rifaria.id), String(federal.id)]));
    expect(ids).not.toContain(String(recent.id));
    expect(listed.items.find((item: { id: string }) => item.id === String(rifaria.id))).toMatchObject({
      draw_type: 'rifaria',
      next: 'auto_draw',
      hours_overdue: 2,
      paid_purchases: 2,
    });
    expect(listed.items.find((item: { id: string }) => item.id === String(federal.id)).next).toBe('federal_result');

    // The worker's pass.
    const step = (await import('../../../src/plugins/app/services')).workerSteps(t.app.services);
    await step.find((each) => each.name === 'auto-draw')!.run();

    const campaigns = await t.app.db
      .selectFrom('campaigns')
      .select(['id', 'drawn_at'])
      .where('id', 'in', [String(rifaria.id), String(federal.id), String(recent.id)])
      .execute();
    const drawn = new Map(campaigns.map((row) => [row.id, row.drawn_at !== null]));
    expect(drawn.get(String(rifaria.id))).toBe(true);
    // A Loteria Federal one only once its contest (the first from its draw date) is published.
    const drawDay = saoPauloDate(twoHoursAgo);
    const published = sandboxContestDate(firstSandboxContestOn(drawDay)) <= saoPauloDate(new Date());
    expect(drawn.get(String(federal.id))).toBe(published);
    expect(drawn.get(String(recent.id))).toBe(false);
    expect(await auditRows(t.app, 'draw.auto')).toContainEqual(
      expect.objectContaining({ operator_id: null, target_type: 'campaign', target_id: String(rifaria.id) }),
    );
    const ids2 = (await admin('GET', '/api/admin/overdue-draws')).json().items.map((item: { id: string }) => item.id);
    expect(ids2).not.toContain(String(rifaria.id));

    const file = await t.app.inject({
      method: 'GET',
      url: `/public/campaigns/${rifaria.link}/result/verification.json`,
    });
    expect(file.statusCode).toBe(200);
    expect(verifyDrawFile(JSON.parse(file.body)).ok).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-auto-draw-'));
    try {
      // Against the commitment published with the campaign, before any sale.
      const { draw_commitment: commitment } = await t.app.db
        .selectFrom('campaigns')
        .select('draw_commitment')
        .where('id', '=', String(rifaria.id))
        .executeTakeFirstOrThrow();
      const verified = await runVerifyDraw(dir, file.body, '--commitment', commitment!);
      expect(verified.stdout).toContain('Sorteio verificado');
      expect(verified.code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("should let an operator draw an overdue Loteria Federal campaign with Caixa's contest", async () => {
    const owner = await organiser(t.app);
    // Its draw date is the day before contest 5732 (the sandbox answers it as drawn).
    const federal = await drawableCampaign(t.app, owner, { drawTypeId: 1, paid: [3] });
    const url = `/api/admin/campaigns/${federal.id}/draw`;
    const drawn = await admin('POST', url, { contest: 5732 });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().data.federal).toMatchObject({ contest: 5732 });
    expect(await auditRows(t.app, 'campaign.draw')).toEqual([
      expect.objectContaining({ operator_id: op.operatorId, target_id: String(federal.id) }),
    ]);
    expect((await admin('POST', url, { contest: 5732 })).json().message).toBe(DRAW_MESSAGES.alreadyDrawn);
    expect((await admin('POST', '/api/admin/campaigns/999999999/draw', { contest: 5732 })).statusCode).toBe(404);
  });

  it("should draw an overdue Loteria Federal campaign by itself once Caixa's contest is published", async () => {
    const owner = await organiser(t.app);
    // Drawn on 17/01/2023: the first contest from that day is 5732 (18/01/2023).
    const federal = await drawableCampaign(t.app, owner, { drawTypeId: 1, paid: [2] });
    const drawn = await t.app.services.overdueDraws.drawOverdue();
    expect(drawn).toContain(String(federal.id));
    const result = await t.app.inject({ method: 'GET', url: `/public/campaigns/${federal.link}/result` });
    expect(result.json().data.federal).toMatchObject({ contest: 5732 });
    expect(await auditRows(t.app, 'draw.auto')).toContainEqual(
      expect.objectContaining({ operator_id: null, target_id: String(federal.id) }),
    );
  });

  it('should find the first contest from a day, and none before Caixa publishes it', async () => {
    const results = new SandboxFederalResults();
    const contest = (n: number) => results.contest(n);
    expect(await firstContestOn('2023-01-17', '2023-01-18', contest)).toBe(5732);
    expect(await firstContestOn('2023-01-18', '2023-01-18', contest)).toBe(5732);
    expect(await firstContestOn('2023-01-19', '2023-01-20', contest)).toBeNull();
    expect(await firstContestOn('2023-01-19', '2023-01-21', contest)).toBe(5733);
  });
});

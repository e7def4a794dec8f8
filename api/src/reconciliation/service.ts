import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { recordAudit } from '../admin/audit';
import type { Database, Executor, ReconciliationMismatchKind } from '../db/schema';
import { HttpError } from '../lib/errors';
import { saoPauloDate, saoPauloDayPeriod } from '../lib/sao-paulo-day';
import type { PaymentsService } from '../payments/service';
import type { PixProvider, PixReceived } from '../payments/pix-provider';
import type { ReconciliationReport } from './schemas';

/**
 * The daily reconciliation (issue 32): what the PSP says it received during a São Paulo day (GET /pix, or the
 * sandbox's records) against what the platform recorded (pix_received_payments: each Pix it credited, in the same
 * transaction as its ledger posting), matched by end-to-end id. Three kinds of difference: paid at the PSP but
 * missing here, recorded here but unknown at the PSP, and the same Pix with another amount. A run of the same day
 * again keeps what an operator marked investigated and closes ('resolved') what is gone.
 */

export const RECONCILIATION_MESSAGES = {
  notFound: 'Divergência não encontrada.',
  notReplayable: 'Só um Pix recebido pelo PSP e ausente no livro pode ser reprocessado.',
  notConfirmed: 'O PSP não confirmou este Pix para uma cobrança da plataforma: marque-o como investigado.',
  resolved: 'Esta divergência já foi resolvida.',
} as const;

interface Found {
  kind: ReconciliationMismatchKind;
  e2eid: string;
  txid: string | null;
  amountCents: number | null;
  ledgerCents: number | null;
}

interface Recorded {
  end_to_end_id: string;
  txid: string;
  amount_cents: string;
}

/** The differences between the PSP's Pix and the platform's records of one day. */
function differences(psp: PixReceived[], recorded: Recorded[]): Found[] {
  const ours = new Map(recorded.map((row) => [row.end_to_end_id, row]));
  const theirs = new Set(psp.map((pix) => pix.endToEndId));
  const found: Found[] = [];
  for (const pix of psp) {
    const row = ours.get(pix.endToEndId);
    if (!row || Number(row.amount_cents) !== pix.amountCents) {
      found.push({
        kind: row ? 'amount_differs' : 'missing_in_ledger',
        e2eid: pix.endToEndId,
        txid: pix.txid ?? row?.txid ?? null,
        amountCents: pix.amountCents,
        ledgerCents: row ? Number(row.amount_cents) : null,
      });
    }
  }
  for (const row of recorded.filter((each) => !theirs.has(each.end_to_end_id))) {
    found.push({
      kind: 'unknown_at_psp',
      e2eid: row.end_to_end_id,
      txid: row.txid,
      amountCents: null,
      ledgerCents: Number(row.amount_cents),
    });
  }
  return found;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const centsOrNull = (cents: string | null) => (cents === null ? null : Number(cents));

/** reconciliation.replay / reconciliation.investigate, in the action's transaction. */
const auditMismatch = (
  trx: Executor,
  actor: Actor,
  verb: 'replay' | 'investigate',
  mismatch: { id: string; status: string; kind: string; end_to_end_id: string; note: string | null },
  after: Record<string, unknown>,
) =>
  recordAudit(trx, {
    ...actor,
    action: `reconciliation.${verb}`,
    targetType: 'reconciliation_mismatch',
    targetId: mismatch.id,
    before: { status: mismatch.status, kind: mismatch.kind, e2eid: mismatch.end_to_end_id, note: mismatch.note },
    after,
  });

export interface Actor {
  operatorId: string | null;
  address: string | null;
}

/** After a failed daily run, the worker asks the PSP again this much later. */
const WORKER_RETRY_MS = 10 * 60_000;

export class ReconciliationService {
  private workerRetryAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pix: PixProvider,
    private readonly payments: PaymentsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Compares the day now and keeps the run and its differences (the button, the worker). */
  async run(day: string, actor: Actor): Promise<ReconciliationReport> {
    const period = saoPauloDayPeriod(day);
    const psp = await this.pix.listReceived(period);
    const recorded = await this.db
      .selectFrom('pix_received_payments')
      .select(['end_to_end_id', 'txid', 'amount_cents'])
      .where('paid_at', '>=', period.from)
      .where('paid_at', '<', period.to)
      .execute();
    const found = differences(psp, recorded);
    await this.db.transaction().execute(async (trx) => {
      const run = await trx
        .insertInto('reconciliation_runs')
        .values({
          day,
          psp_count: psp.length,
          psp_total_cents: sum(psp.map((pix) => pix.amountCents)),
          ledger_count: recorded.length,
          ledger_total_cents: sum(recorded.map((row) => Number(row.amount_cents))),
          mismatch_count: found.length,
          started_by: actor.operatorId === null ? 'worker' : 'operator',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const each of found) {
        await trx
          .insertInto('reconciliation_mismatches')
          .values({
            day,
            kind: each.kind,
            end_to_end_id: each.e2eid,
            txid: each.txid,
            amount_cents: each.amountCents,
            ledger_amount_cents: each.ledgerCents,
            run_id: run.id,
          })
          .onConflict((oc) =>
            oc.constraint('reconciliation_mismatches_key').doUpdateSet({
              txid: each.txid,
              amount_cents: each.amountCents,
              ledger_amount_cents: each.ledgerCents,
              run_id: run.id,
              // Investigated stays investigated; a resolved one found again is open again.
              status: sql`CASE WHEN reconciliation_mismatches.status = 'investigated' THEN 'investigated' ELSE 'open' END`,
              updated_at: sql`now()`,
            }),
          )
          .execute();
      }
      await trx
        .updateTable('reconciliation_mismatches')
        .set({ status: 'resolved', updated_at: sql`now()` })
        .where('day', '=', day)
        .where('status', '=', 'open')
        .where('run_id', '<>', run.id)
        .execute();
      await recordAudit(trx, {
        ...actor,
        action: 'reconciliation.run',
        targetType: 'reconciliation',
        targetId: day,
        after: { run_id: run.id, psp_count: psp.length, ledger_count: recorded.length, mismatches: found.length },
      });
    });
    if (found.length) this.log.warn({ day, mismatches: found.length }, 'reconciliation found differences');
    return this.report(day);
  }

  /** The day as its last run left it: the totals, and the differences not resolved (open or investigated). */
  async report(day: string): Promise<ReconciliationReport> {
    const run = await this.db
      .selectFrom('reconciliation_runs')
      .selectAll()
      .where('day', '=', day)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('reconciliation_mismatches')
      .selectAll()
      .where('day', '=', day)
      .where('status', '<>', 'resolved')
      .orderBy('id')
      .execute();
    return {
      date: day,
      ran_at: run ? run.created_at.toISOString() : null,
      psp_count: run?.psp_count ?? 0,
      psp_total: Number(run?.psp_total_cents ?? 0),
      ledger_count: run?.ledger_count ?? 0,
      ledger_total: Number(run?.ledger_total_cents ?? 0),
      mismatches: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        txid: row.txid,
        e2eid: row.end_to_end_id,
        amount: centsOrNull(row.amount_cents),
        ledger_amount: centsOrNull(row.ledger_amount_cents),
        status: row.status === 'investigated' ? 'investigated' : 'open',
        note: row.note,
      })),
    };
  }

  /**
   * Replays the PSP's confirmation of a Pix missing in the ledger through the one crediting path (confirmCharge:
   * the charge re-fetched from the PSP, credited once per end-to-end id), then closes the difference.
   */
  async replay(id: string, actor: Actor): Promise<ReconciliationReport> {
    const mismatch = await this.mismatch(this.db, id);
    if (mismatch.kind !== 'missing_in_ledger' || !mismatch.txid) {
      throw new HttpError(409, RECONCILIATION_MESSAGES.notReplayable);
    }
    const outcome = await this.payments.confirmCharge(mismatch.txid);
    const recorded = await this.db
      .selectFrom('pix_received_payments')
      .select('end_to_end_id')
      .where('end_to_end_id', '=', mismatch.end_to_end_id)
      .executeTakeFirst();
    if (!recorded) {
      this.log.warn({ mismatch: id, outcome }, 'reconciliation replay did not credit the Pix');
      throw new HttpError(409, RECONCILIATION_MESSAGES.notConfirmed);
    }
    await this.db.transaction().execute(async (trx) => {
      const locked = await this.mismatch(trx, id, true);
      await trx
        .updateTable('reconciliation_mismatches')
        .set({ status: 'resolved', updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      await auditMismatch(trx, actor, 'replay', locked, { status: 'resolved', outcome });
    });
    return this.report(mismatch.day);
  }

  /** Marks a difference investigated, with the operator's note (it stays listed, apart from the open ones). */
  async investigate(id: string, note: string, actor: Actor): Promise<ReconciliationReport> {
    const day = await this.db.transaction().execute(async (trx) => {
      const mismatch = await this.mismatch(trx, id, true);
      if (mismatch.status === 'resolved') throw new HttpError(409, RECONCILIATION_MESSAGES.resolved);
      await trx
        .updateTable('reconciliation_mismatches')
        .set({ status: 'investigated', note, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      await auditMismatch(trx, actor, 'investigate', mismatch, { status: 'investigated', note });
      return mismatch.day;
    });
    return this.report(day);
  }

  /**
   * The worker's daily step: the previous São Paulo day, once (a day the worker already compared is left to the
   * button). Returns the day compared, or null.
   */
  async reconcilePreviousDay(now = new Date()): Promise<string | null> {
    // From 02:00 in São Paulo: the webhooks of the day's last minutes have arrived.
    if (new Date(now.getTime() - 3 * 3_600_000).getUTCHours() < 2) return null;
    const day = saoPauloDate(now, 1);
    const done = await this.db
      .selectFrom('reconciliation_runs')
      .select('id')
      .where('day', '=', day)
      .where('started_by', '=', 'worker')
      .executeTakeFirst();
    if (done || now.getTime() < this.workerRetryAt) return null;
    try {
      await this.run(day, { operatorId: null, address: null });
    } catch (error) {
      // The PSP down: asked again in a while, not on every pass.
      this.workerRetryAt = now.getTime() + WORKER_RETRY_MS;
      throw error;
    }
    return day;
  }

  private async mismatch(db: Executor, id: string, forUpdate = false) {
    let query = db.selectFrom('reconciliation_mismatches').selectAll().where('id', '=', id);
    if (forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new HttpError(404, RECONCILIATION_MESSAGES.notFound);
    return row;
  }
}

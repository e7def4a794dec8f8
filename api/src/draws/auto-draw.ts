import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import * as v from 'valibot';
import { CAMPAIGN_STATUS_ID, DRAW_TYPE_ID } from '@rifaria/shared/constants';
import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import type { OrganizerDrawResult } from '@rifaria/shared/types';
import { recordAudit } from '../admin/audit';
import type { Database } from '../db/schema';
import { HttpError } from '../lib/errors';
import { integer, isoTimestamp } from '../lib/reply-schema';
import { saoPauloDate as saoPauloDay } from '../lib/sao-paulo-day';
import type { WorkerStep } from '../lib/worker';
import { FederalContestNotFoundError, firstSandboxContestOn, type FederalContestResult } from './federal-results';
import type { DrawsService } from './service';

/** A campaign past its draw date by more than AUTO_DRAW_AFTER_HOURS and still undrawn (GET /api/admin/overdue-draws). */
export const overdueDrawSchema = v.object({
  id: v.string(),
  draw_type: v.picklist(['rifaria', 'federal']),
  name: v.string(),
  draw_at: isoTimestamp,
  user_id: v.string(),
  hours_overdue: integer,
  organiser: v.string(),
  paid_purchases: integer,
  next: v.pipe(
    v.picklist(['auto_draw', 'federal_result']),
    v.description("'auto_draw': the worker draws it; 'federal_result': it waits for Caixa's result or an operator"),
  ),
});
export type OverdueDraw = v.InferOutput<typeof overdueDrawSchema>;

/** How often the contest of one waiting Loteria Federal campaign is looked for at Caixa. */
const FEDERAL_RETRY_MS = 30 * 60_000;
/** Contests read at most when looking for a draw date's (the calendar estimate is off by a few holidays). */
const FEDERAL_STEPS = 20;

/**
 * The first Loteria Federal contest held on or after `day` (the one the draw must use), if Caixa has published it by
 * `today`; null while it has not. Starts from the calendar's estimate (Wednesdays and Saturdays) and walks to it.
 */
export async function firstContestOn(
  day: string,
  today: string,
  contest: (number: number) => Promise<FederalContestResult>,
): Promise<number | null> {
  const seen = new Map<number, FederalContestResult | null>();
  const read = async (n: number) => {
    if (!seen.has(n)) {
      try {
        const result = await contest(n);
        // A contest dated after today (the sandbox dates future ones) is not published yet.
        seen.set(n, result.date !== null && result.date <= today ? result : null);
      } catch (error) {
        if (!(error instanceof FederalContestNotFoundError)) throw error;
        seen.set(n, null);
      }
    }
    return seen.get(n)!;
  };
  let n = firstSandboxContestOn(day);
  for (let step = 0; step < FEDERAL_STEPS && n > 1; step += 1) {
    const result = await read(n);
    if (result && result.date! < day) {
      n += 1;
      continue;
    }
    const previous = await read(n - 1);
    // The contest before is older than the day: n is the one, published or not yet.
    if (previous && previous.date! < day) return result ? n : null;
    if (result && !previous) return n;
    n -= 1;
  }
  return null;
}

/** Campaigns drawn automatically per worker pass (each a drand round and one transaction). */
const AUTO_DRAWS_PER_PASS = 5;

/**
 * Overdue draws (issue 32): nobody can hold buyers' money in 'Futuro' by not drawing. A 'Sorteio Rifaria' campaign
 * still undrawn AUTO_DRAW_AFTER_HOURS after its draw date is drawn by the worker through the organiser's own draw
 * (DrawsService.draw: the same algorithm, the same drand round of the draw date, the same verification file),
 * audited as 'draw.auto' by the system in the draw's transaction.
 */
export class OverdueDraws {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: {
      /** The draw service (a getter: both are created in the same registry). */
      draws: () => DrawsService;
      /** AUTO_DRAW_AFTER_HOURS. */
      afterHours: number;
      log: FastifyBaseLogger;
    },
  ) {}

  async list(limit = 200): Promise<OverdueDraw[]> {
    const { rows } = await sql<{
      id: string;
      name: string;
      user_id: string;
      organiser: string;
      draw_type_id: number;
      draw_at: Date;
      hours: string;
      paid: string;
    }>`
      SELECT c.id, c.name, c.user_id, u.name AS organiser, c.draw_type_id, c.draw_at,
             extract(epoch FROM now() - c.draw_at) / 3600 AS hours,
             (SELECT count(*) FROM purchases p WHERE p.campaign_id = c.id AND p.status_id = 2) AS paid
        FROM campaigns c JOIN users u ON u.id = c.user_id
       WHERE c.status_id = ${CAMPAIGN_STATUS_ID.published} AND c.drawn_at IS NULL
         AND c.draw_at < now() - make_interval(hours => ${this.options.afterHours})
       ORDER BY c.draw_at LIMIT ${limit}`.execute(this.db);
    return rows.map((row) => {
      const federal = row.draw_type_id === DRAW_TYPE_ID.federal;
      return {
        id: String(row.id),
        name: row.name,
        user_id: String(row.user_id),
        organiser: row.organiser,
        draw_type: federal ? 'federal' : 'rifaria',
        draw_at: row.draw_at.toISOString(),
        hours_overdue: Math.floor(Number(row.hours)),
        paid_purchases: Number(row.paid),
        next: federal ? 'federal_result' : 'auto_draw',
      };
    });
  }

  /**
   * An operator draws an overdue campaign (a Loteria Federal one with Caixa's contest, or a 'Sorteio Rifaria' one
   * without waiting for the worker): the organiser's own draw, audited 'campaign.draw' in its transaction.
   */
  async drawByOperator(
    campaignId: string,
    body: unknown,
    actor: { operatorId: string; address: string | null },
  ): Promise<OrganizerDrawResult> {
    const campaign = /^\d{1,19}$/.test(campaignId)
      ? await this.db.selectFrom('campaigns').select('user_id').where('id', '=', campaignId).executeTakeFirst()
      : undefined;
    if (!campaign) throw new HttpError(404, CAMPAIGN_MESSAGES.notFound);
    return this.options.draws().draw(String(campaign.user_id), campaignId, body, (trx) =>
      recordAudit(trx, {
        ...actor,
        action: 'campaign.draw',
        targetType: 'campaign',
        targetId: campaignId,
        before: { status: 'published' },
        after: { status: 'finished', body: body ?? null },
      }),
    );
  }

  private readonly federalTried = new Map<string, number>();

  /**
   * A waiting Loteria Federal campaign: once Caixa publishes the first contest from its draw date, drawn with it
   * (looked for at most every FEDERAL_RETRY_MS per campaign). True when drawn.
   */
  private async drawFederal(campaign: OverdueDraw, now: Date): Promise<boolean> {
    const tried = this.federalTried.get(campaign.id);
    if (tried !== undefined && now.getTime() - tried < FEDERAL_RETRY_MS) return false;
    this.federalTried.set(campaign.id, now.getTime());
    const draws = this.options.draws();
    const day = saoPauloDay(new Date(campaign.draw_at));
    const contest = await firstContestOn(day, saoPauloDay(now), (n) => draws.federalContest(n));
    if (contest === null) return false;
    await draws.draw(campaign.user_id, campaign.id, { contest }, this.audit(campaign, { contest }));
    this.federalTried.delete(campaign.id);
    return true;
  }

  /** The worker's step: draws the overdue 'Sorteio Rifaria' campaigns that have paid numbers; returns the ids drawn. */
  async drawOverdue(now = new Date()): Promise<string[]> {
    // 'Sorteio Rifaria' first: a Loteria Federal one may still wait for Caixa.
    const due = (await this.list())
      .filter((each) => each.paid_purchases > 0)
      .sort((a, b) => Number(a.next === 'federal_result') - Number(b.next === 'federal_result'));
    const drawn: string[] = [];
    for (const campaign of due.slice(0, AUTO_DRAWS_PER_PASS)) {
      try {
        const done =
          campaign.next === 'federal_result'
            ? await this.drawFederal(campaign, now)
            : (await this.options.draws().draw(campaign.user_id, campaign.id, undefined, this.audit(campaign, {})),
              true);
        if (!done) continue;
        drawn.push(campaign.id);
        this.options.log.info({ campaignId: campaign.id, hours: campaign.hours_overdue }, 'overdue campaign drawn');
      } catch (error) {
        // The beacon or Caixa not reachable, a campaign drawn meanwhile: the next pass tries again.
        this.options.log.warn({ err: error, campaignId: campaign.id }, 'automatic draw failed');
      }
    }
    return drawn;
  }

  /** 'draw.auto' by the system, written in the draw's transaction. */
  private audit(campaign: OverdueDraw, after: Record<string, unknown>) {
    return (trx: Transaction<Database>) =>
      recordAudit(trx, {
        operatorId: null,
        action: 'draw.auto',
        targetType: 'campaign',
        targetId: campaign.id,
        before: { status: 'published', draw_at: campaign.draw_at },
        after: { status: 'finished', method: campaign.draw_type, hours_overdue: campaign.hours_overdue, ...after },
      });
  }
}

/** The worker's automatic draw of overdue 'Sorteio Rifaria' campaigns. */
export const autoDrawWorkerSteps = (overdue: OverdueDraws): WorkerStep[] => [
  { name: 'auto-draw', run: () => overdue.drawOverdue() },
];

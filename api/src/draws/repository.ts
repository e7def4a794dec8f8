import { CAMPAIGN_STATUS_ID, PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Executor } from '../db/schema';
import type { PackedFile } from './stored-file';

/** The campaign as the draw reads it, with its organiser (who is notified) and the database's clock. */
export interface DrawCampaign {
  id: string;
  user_id: string;
  status_id: number;
  name: string;
  link: string;
  total_tickets: number;
  draw_type_id: number;
  draw_at: Date | null;
  draw_seed: Buffer | null;
  draw_commitment: string | null;
  drawn_at: Date | null;
  organizer_name: string;
  /** The public name ('Configurações'), else the account's name: what buyers are told (issue 30). */
  organizer_public_name: string;
  organizer_email: string;
  /** clock_timestamp(): the draw is judged by the database's clock, as sales are. */
  db_now: Date;
}

/** A draw as its result shows it: never the paid numbers (up to 40 MB), which only the verification file holds. */
export interface StoredDraw {
  campaign_id: string;
  method: 'rifaria' | 'federal';
  paid_count: number;
  tickets_hash: string;
  prizes: unknown;
  beacon: unknown;
  federal_contest: number | null;
  federal_prizes: string[] | null;
  federal_source: 'organizer' | 'caixa' | 'sandbox' | null;
  drawn_at: Date;
}

export interface StoredFile {
  etag: string;
  json_bytes: number;
  /** gzip or brotli, as asked. */
  body: Buffer;
}

export interface StoredWinner {
  position: number;
  number: number;
  award_description: string;
  steps: unknown;
  purchase_hash: string;
  buyer_name: string;
  buyer_phone: string;
  buyer_email: string | null;
}

/** A campaign link is at most this long (campaigns/slug.ts); anything longer is simply not found. */
const LINK_MAX_LENGTH = 200;
const CAMPAIGN_ID = /^\d{1,18}$/;
/** Numbers per keyset chunk of the draw's read: 4 MB of bytes, a fraction of a second each on PostgreSQL. */
const PAID_CHUNK = 1_000_000;

/** The draw's reads and writes (migration 016). Money goes through ledger/postings.ts, mail through the outbox. */
export class DrawsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private campaigns(db: Executor) {
    return db
      .selectFrom('campaigns as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('user_settings as s', 's.user_id', 'c.user_id')
      .select([
        'c.id',
        'c.user_id',
        'c.status_id',
        'c.name',
        'c.link',
        'c.total_tickets',
        'c.draw_type_id',
        'c.draw_at',
        'c.draw_seed',
        'c.draw_commitment',
        'c.drawn_at',
        'u.name as organizer_name',
        // What buyers know the organiser by ('Configurações': the public name), as every public page shows it.
        sql<string>`coalesce(s.public_name, u.name)`.as('organizer_public_name'),
        'u.email as organizer_email',
        sql<Date>`clock_timestamp()`.as('db_now'),
      ]);
  }

  /** The organiser's own campaign (undefined for a missing one or someone else's). */
  findOwn(userId: string, campaignId: string, db: Executor = this.db): Promise<DrawCampaign | undefined> {
    if (!CAMPAIGN_ID.test(campaignId)) return Promise.resolve(undefined);
    return this.campaigns(db).where('c.id', '=', campaignId).where('c.user_id', '=', userId).executeTakeFirst();
  }

  /** The same, locked (FOR UPDATE of the campaign row): one draw at a time per campaign. */
  lockOwn(trx: Transaction<Database>, userId: string, campaignId: string): Promise<DrawCampaign | undefined> {
    if (!CAMPAIGN_ID.test(campaignId)) return Promise.resolve(undefined);
    return this.campaigns(trx)
      .where('c.id', '=', campaignId)
      .where('c.user_id', '=', userId)
      .forUpdate('c')
      .executeTakeFirst();
  }

  /** A finished campaign by its public link (only a drawn campaign has a result). */
  findDrawnByLink(link: string): Promise<DrawCampaign | undefined> {
    if (link.length > LINK_MAX_LENGTH) return Promise.resolve(undefined);
    return this.campaigns(this.db)
      .where('c.link', '=', link)
      .where('c.status_id', '=', CAMPAIGN_STATUS_ID.finished)
      .where('c.drawn_at', 'is not', null)
      .executeTakeFirst();
  }

  /**
   * Waits for every payment confirmation of the campaign still in flight: they hold their purchase's row lock
   * (purchases/repository.ts lockForConfirmation), so locking every purchase not paid yet returns only once they
   * committed. The paid numbers read next (a new statement, a new snapshot) include them. A confirmation that
   * starts later sees the draw datetime passed (clock_timestamp) and refunds instead.
   */
  async waitForConfirmations(trx: Transaction<Database>, campaignId: string): Promise<void> {
    await sql`SELECT count(*) FROM (
        SELECT 1 FROM purchases WHERE campaign_id = ${campaignId} AND paid_at IS NULL FOR UPDATE
      ) AS in_flight`.execute(trx);
  }

  /** True when the campaign has at least one Pago purchase (the draw's early refusal; reads no number). */
  async hasPaid(db: Executor, campaignId: string): Promise<boolean> {
    const row = await db
      .selectFrom('purchases')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('status_id', '=', PURCHASE_STATUS_ID.paid)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The paid numbers, ascending. 10 million of them must not be sorted, joined row by row nor held as rows: the
   * numbers NOT paid (pending purchases' under the draw's lock: few) are read first, then every number of the
   * campaign is read ONCE in primary-key order (campaign_id, number), in keyset chunks that each end far below the
   * statement timeout, packed by the database as 4-byte big-endian integers, and the unpaid ones skipped here.
   */
  async paidNumbers(trx: Executor, campaignId: string, totalTickets: number): Promise<Uint32Array> {
    const unpaid = await trx
      .selectFrom('purchases as p')
      .innerJoin('campaign_tickets as ct', (join) =>
        join.onRef('ct.campaign_id', '=', 'p.campaign_id').onRef('ct.purchase_id', '=', 'p.id'),
      )
      .select('ct.number')
      .where('p.campaign_id', '=', campaignId)
      .where('p.status_id', '<>', PURCHASE_STATUS_ID.paid)
      .execute();
    const skip = new Set(unpaid.map((row) => row.number));
    const out = new Uint32Array(totalTickets);
    let count = 0;
    let after = -1;
    for (;;) {
      // The subquery's ORDER BY follows the primary key (no sort node); string_agg keeps its input order, and the
      // order is checked below all the same.
      const { rows } = await sql<{ bytes: Buffer | null }>`
        SELECT string_agg(int4send(number), ''::bytea) AS bytes FROM (
          SELECT number FROM campaign_tickets WHERE campaign_id = ${campaignId} AND number > ${after}
          ORDER BY number LIMIT ${PAID_CHUNK}
        ) AS chunk`.execute(trx);
      const bytes = rows[0]?.bytes;
      if (!bytes || bytes.length === 0) break;
      for (let offset = 0; offset < bytes.length; offset += 4) {
        const number = bytes.readUInt32BE(offset);
        if (number <= after || number >= totalTickets) throw new Error(`campaign ${campaignId}: tickets out of order`);
        after = number;
        if (!skip.has(number)) out[count++] = number;
      }
      if (bytes.length < PAID_CHUNK * 4) break;
    }
    return out.subarray(0, count);
  }

  /** The purchase holding each number. */
  async holders(trx: Executor, campaignId: string, numbers: number[]): Promise<Map<number, string>> {
    if (numbers.length === 0) return new Map();
    const rows = await trx
      .selectFrom('campaign_tickets')
      .select(['number', 'purchase_id'])
      .where('campaign_id', '=', campaignId)
      .where('number', 'in', numbers)
      .execute();
    return new Map(rows.map((row) => [row.number, row.purchase_id]));
  }

  async awards(trx: Executor, campaignId: string): Promise<{ position: number; description: string }[]> {
    return trx
      .selectFrom('campaign_awards')
      .select(['position', 'description'])
      .where('campaign_id', '=', campaignId)
      .orderBy('position')
      .execute();
  }

  /**
   * What the campaign's paid sales put in 'Futuro', per wallet: the 'sale' postings of its Pago purchases (a
   * campaign's wallet may have changed between sales). Refunded late payments are Cancelado: their money stays for
   * the refund.
   */
  async futureByWallet(trx: Executor, campaignId: string): Promise<{ wallet_id: string; amount_cents: number }[]> {
    const rows = await trx
      .selectFrom('purchases as p')
      .innerJoin('ledger_transactions as t', (join) =>
        join.on('t.idempotency_key', '=', sql<string>`'sale:' || p.id::text`),
      )
      .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.wallet_id', sql<string>`sum(e.amount_cents)`.as('amount_cents')])
      .where('p.campaign_id', '=', campaignId)
      .where('p.status_id', '=', PURCHASE_STATUS_ID.paid)
      .where('a.balance_type', '=', 'blocked')
      .groupBy('a.wallet_id')
      .orderBy('a.wallet_id')
      .execute();
    return rows
      .filter((row) => row.wallet_id !== null)
      .map((row) => ({ wallet_id: String(row.wallet_id), amount_cents: Number(row.amount_cents) }));
  }

  async insertDraw(
    trx: Executor,
    draw: {
      campaign_id: string;
      method: 'rifaria' | 'federal';
      paid_count: number;
      tickets_hash: string;
      prizes: { position: number; description: string }[];
      beacon: unknown;
      federal_contest: number | null;
      federal_prizes: string[] | null;
      federal_source: 'organizer' | 'caixa' | 'sandbox' | null;
      drawn_by: string;
    },
    winners: { position: number; number: number; purchase_id: string; award_description: string; steps: string[] }[],
  ): Promise<Date> {
    const inserted = await trx
      .insertInto('campaign_draws')
      .values({
        ...draw,
        prizes: JSON.stringify(draw.prizes),
        beacon: draw.beacon === null ? null : JSON.stringify(draw.beacon),
      })
      .returning('drawn_at')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('campaign_draw_winners')
      .values(
        winners.map((winner) => ({
          campaign_id: draw.campaign_id,
          ...winner,
          steps: JSON.stringify(winner.steps),
        })),
      )
      .execute();
    await trx
      .updateTable('campaigns')
      .set({ status_id: CAMPAIGN_STATUS_ID.finished, drawn_at: inserted.drawn_at, updated_at: sql<Date>`now()` })
      .where('id', '=', draw.campaign_id)
      .execute();
    return inserted.drawn_at;
  }

  /** Stores the draw's verification file (once: a concurrent first download of an older draw writes the same). */
  async storeFile(db: Executor, campaignId: string, file: PackedFile): Promise<void> {
    await db
      .insertInto('campaign_draw_files')
      .values({ campaign_id: campaignId, ...file })
      .onConflict((oc) => oc.column('campaign_id').doNothing())
      .execute();
  }

  /** The stored file in one encoding (a download reads one of the two bodies, never the numbers). */
  findFile(campaignId: string, encoding: 'br' | 'gzip' | null): Promise<StoredFile | undefined> {
    return this.db
      .selectFrom('campaign_draw_files')
      .select(['etag', 'json_bytes', encoding === 'br' ? 'brotli as body' : 'gzip as body'])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
  }

  /** Draws made before migration 035: their paid numbers as stored then (null for later draws). */
  async legacyPaidNumbers(campaignId: string): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('campaign_draws')
      .select('paid_numbers')
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
    return row?.paid_numbers ?? null;
  }

  findDraw(campaignId: string, db: Executor = this.db): Promise<StoredDraw | undefined> {
    return db
      .selectFrom('campaign_draws')
      .select([
        'campaign_id',
        'method',
        'paid_count',
        'tickets_hash',
        'prizes',
        'beacon',
        'federal_contest',
        'federal_prizes',
        'federal_source',
        'drawn_at',
      ])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
  }

  /** The winners with who holds the number, in prize order. */
  winners(campaignId: string, db: Executor = this.db): Promise<StoredWinner[]> {
    return db
      .selectFrom('campaign_draw_winners as w')
      .innerJoin('purchases as p', (join) =>
        join.onRef('p.campaign_id', '=', 'w.campaign_id').onRef('p.id', '=', 'w.purchase_id'),
      )
      .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
      .select([
        'w.position',
        'w.number',
        'w.award_description',
        'w.steps',
        'p.purchase_hash',
        'b.name as buyer_name',
        'b.phone as buyer_phone',
        'b.email as buyer_email',
      ])
      .where('w.campaign_id', '=', campaignId)
      .orderBy('w.position')
      .execute();
  }
}

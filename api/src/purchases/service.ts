import { randomBytes, randomInt } from 'node:crypto';
import { BUYER_MESSAGES, type PurchaseRequest } from '@rifaria/shared/schemas';
import type { Purchase, PurchaseCreated } from '@rifaria/shared/types';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Executor } from '../db/schema';
import { post, salePosting } from '../ledger';
import { isCampaignLink } from '../campaigns/slug';
import { Batcher } from '../lib/batcher';
import { fieldError, HttpError, type ErrorBody } from '../lib/errors';
import { PixProviderError } from '../payments/pix-provider';
import { generateTxid, type PaidEvent, type PaymentsService, type PixChargeRow } from '../payments/service';
import type { BuyerCpfCipher } from '../buyers/cpf';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { releasedCtes, releaseNumbers, takeReleased, type TicketAllocator } from './allocator';
import { PURCHASE_MESSAGES } from './messages';
import { presentPurchase, QrCodeCache, type PurchaseRecord } from './presenter';
import { isUniqueViolation } from '../db/errors';

const PUBLISHED = 2;
/** Fresh numbers found already sold (a stale free-list entry): the purchase is retried this many times. */
const MAX_ATTEMPTS = 4;
/**
 * A refusal for lack of numbers first waits for what this process has in flight for the campaign and looks again,
 * at most this many times (each wait covers only what was in flight then, so a stream of new buyers cannot hold a
 * refusal back for long).
 */
const MAX_DRAINS = 3;

/** 422 when fewer numbers remain than asked, with `details.remaining` (0 = sold out). */
export class NotEnoughTicketsError extends HttpError {
  constructor(readonly remaining: number) {
    super(422, BUYER_MESSAGES.notEnoughTickets(remaining), {
      total_tickets: [BUYER_MESSAGES.notEnoughTickets(remaining)],
    });
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), details: { remaining: this.remaining } } as ErrorBody;
  }
}

/**
 * 422 when the purchase would take the buyer's unpaid numbers in the campaign (Pendente, not expired) past
 * `limit`, with `details.limit` and `details.pending` (what the buyer holds unpaid now).
 */
export class PendingLimitError extends HttpError {
  constructor(
    readonly pending: number,
    readonly limit: number,
  ) {
    super(422, PURCHASE_MESSAGES.pendingLimit(pending, limit), {
      total_tickets: [PURCHASE_MESSAGES.pendingLimit(pending, limit)],
    });
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), details: { limit: this.limit, pending: this.pending } } as ErrorBody;
  }
}

/** Numbers that turned out to be sold already: dropped from the free list, then the purchase is tried again. */
class StaleNumbersError extends Error {
  constructor(readonly numbers: number[]) {
    super(`stale ticket numbers: ${numbers.join(',')}`);
  }
}

/** A batch of one that failed the usual way (a double click, a stale number): retried alone without a log line. */
function isExpectedBatchFailure(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'RF001' || e?.code === 'RF002';
}

/** The pending-numbers guard of migration 011 refused: 'pending_limit:<numbers the buyer holds unpaid>'. */
function pendingLimitOf(error: unknown): number | null {
  const e = error as { code?: string; message?: string } | null;
  const match = /^pending_limit:(\d+)$/.exec(e?.message ?? '');
  return match ? Number(match[1]) : null;
}

export interface PurchasesOptions {
  /** Reservation and Pix charge lifetime (config.purchases.reservationMs). */
  reservationMs: number;
  /** Unpaid numbers (Pendente, not expired) one buyer may hold per campaign (config.purchases.pendingNumbersPerBuyer). */
  pendingNumbersPerBuyer: number;
  /** The sandbox PSP is active: the checkout offers 'Simular pagamento (sandbox)'. */
  sandbox: boolean;
  /** Purchases expired / refunds tried per worker batch. */
  batchSize: number;
}

interface OpenedCharge {
  txid: string;
  amountCents: number;
  copyPasteCode: string;
  /** When the PSP created the charge: the reservation's start (purchased_at). */
  createdAt: Date;
  /** The PSP's expiry of the charge, which is also the reservation's end. */
  expiresAt: Date;
}

/** One purchase's reservation: what the reservation statement (single or batched) writes. */
interface Reservation {
  campaignId: string;
  buyerId: string;
  hash: string;
  idempotencyKey: string | null;
  count: number;
  /** Fresh numbers from this process's lease; released numbers, when there are any, replace the last ones. */
  fresh: number[];
  unitCents: number;
  /** Released numbers are taken from this number upwards (then wrapping), so they are not handed out in order. */
  releasedFrom: number;
  charge: OpenedCharge;
}

interface LookupInput {
  link: string;
  phone: string;
  key: string | null;
}

interface LookupRow {
  campaign_id: string | null;
  campaign_name: string | null;
  status_id: number | null;
  draw_passed: boolean | null;
  ticket_price_cents: string | null;
  total_tickets: number | null;
  buyer_id: string | null;
  existing_hash: string | null;
  existing_expires_at: Date | null;
  existing_buyer_id: string | null;
  /** The buyer's unpaid numbers in the campaign (Pendente, not expired) when the lookup ran. */
  buyer_pending: number | null;
}

/** Group commit sizes (see lib/batcher.ts): concurrent purchases share statements and commits. */
const BATCH = { concurrency: 2, maxItems: 100, maxTickets: 5000 };

interface PurchaseKey {
  campaign_id: string;
  id: string;
}

/**
 * Public ticket purchases: reservation with random numbers, Pix checkout data, confirmation, expiry and late
 * payments. How numbers are allocated is described in allocator.ts and api/README.md ("Purchases").
 *
 * Order of POST /public/purchases: fresh numbers are taken from this process's lease (memory), the PSP creates the
 * charge (100+ ms at a real PSP: never inside a transaction, never with a lock held), then ONE statement reserves
 * the numbers and writes the purchase, its tickets and its charge together. A purchase therefore never exists
 * without its Pix, and nothing is written when the PSP fails. When the reservation fails (sold out in the
 * meantime, a double click that lost), the unused charge is cancelled at the PSP. A sold-out campaign is refused
 * before the PSP is called whenever this process can tell (its counter is exhausted and the free list is short).
 */
export class PurchasesService {
  private readonly qrCodes = new QrCodeCache(2000);
  /** The campaign, the buyer and an earlier purchase with the same Idempotency-Key, for concurrent requests at once. */
  private readonly lookups = new Batcher<LookupInput, LookupRow>((inputs) => this.lookupBatch(inputs), {
    concurrency: BATCH.concurrency,
    maxItems: BATCH.maxItems,
  });
  /** Reservations of concurrent purchases, one statement per campaign; null = retry this one alone. */
  private readonly reservations = new Batcher<Reservation, { unusedFresh: number[] } | null>(
    (items) => this.reserveBatches(items),
    {
      concurrency: BATCH.concurrency,
      maxItems: BATCH.maxItems,
      maxWeight: BATCH.maxTickets,
      weight: (item) => item.count,
    },
  );

  constructor(
    private readonly db: Kysely<Database>,
    private readonly payments: PaymentsService,
    readonly allocator: TicketAllocator,
    private readonly cipher: () => BuyerCpfCipher,
    private readonly log: FastifyBaseLogger,
    private readonly options: PurchasesOptions,
  ) {
    payments.onPaid('purchase', (trx, event) => this.confirmPaid(trx, event));
    payments.onExpired('purchase', (trx, charge) => this.expireWithCharge(trx, charge));
  }

  // POST /public/purchases ---------------------------------------------------------------------------------------

  async create(
    input: PurchaseRequest,
    idempotencyKey: string | null,
  ): Promise<{ created: boolean; data: PurchaseCreated }> {
    if (!isCampaignLink(input.campaign_link)) throw new HttpError(404, PURCHASE_MESSAGES.campaignNotFound);
    const found = await this.lookups.submit({
      link: input.campaign_link,
      phone: input.buyer_phone,
      key: idempotencyKey,
    });
    // A draft is not public: same reply as an unknown link.
    if (!found.campaign_id || found.status_id === 1) throw new HttpError(404, PURCHASE_MESSAGES.campaignNotFound);
    if (found.status_id !== PUBLISHED) throw new HttpError(422, BUYER_MESSAGES.campaignUnavailable);
    if (found.draw_passed) throw new HttpError(422, BUYER_MESSAGES.drawDatePassed);
    if (!found.buyer_id) {
      throw fieldError('buyer_phone', BUYER_MESSAGES.buyerNotFound, BUYER_MESSAGES.buyerNotFound);
    }
    if (found.existing_hash) return this.replay(found, found.buyer_id);
    // Refused before the PSP is called when the lookup already shows it; the reservation statement re-checks under
    // a per-buyer lock (concurrent purchases of one buyer).
    const pendingLimit = this.options.pendingNumbersPerBuyer;
    if ((found.buyer_pending ?? 0) + input.total_tickets > pendingLimit) {
      throw new PendingLimitError(found.buyer_pending ?? 0, pendingLimit);
    }

    const campaign = {
      id: found.campaign_id,
      name: found.campaign_name ?? '',
      totalTickets: found.total_tickets ?? 0,
      unitCents: Number(found.ticket_price_cents),
    };
    const hash = randomBytes(18).toString('base64url');
    const count = input.total_tickets;
    const amountCents = campaign.unitCents * count;
    const reservation = (fresh: number[], charge: OpenedCharge): Reservation => ({
      campaignId: campaign.id,
      buyerId: found.buyer_id!,
      hash,
      idempotencyKey,
      count,
      fresh,
      unitCents: campaign.unitCents,
      releasedFrom: randomInt(campaign.totalTickets),
      charge,
    });
    const created = (charge: OpenedCharge) => ({
      created: true,
      data: { purchase_hash: hash, expires_at: charge.expiresAt.toISOString() },
    });

    let fresh = await this.allocator.takeFresh(campaign.id, count);
    let charge = null as OpenedCharge | null;
    let attempt = 1;
    let drains = 0;
    try {
      if (fresh.numbers.length === count) {
        // The common case: this process holds enough fresh numbers. The reservation joins the campaign's next
        // group-commit batch; a batch that fails for any reason (a double click, a stale number, a deadlock)
        // is retried below one purchase at a time, where each outcome has its own answer.
        charge = await this.openCharge(amountCents, campaign.name, count);
        const batched = await this.reservations.submit(reservation(fresh.numbers, charge));
        if (batched) {
          fresh.settle(batched.unusedFresh);
          return created(charge);
        }
      }
      for (;;) {
        try {
          if (fresh.numbers.length < count) {
            // The counter is exhausted: only released numbers can make up the rest. Refuse before asking the PSP.
            const released = await this.countReleased(campaign.id);
            if (released + fresh.numbers.length < count) {
              throw new NotEnoughTicketsError(released + fresh.numbers.length);
            }
          }
          // A retry after a stale number or a drain keeps the charge already opened.
          if (!charge) charge = await this.openCharge(amountCents, campaign.name, count);
          const reserved = await this.reserve(reservation(fresh.numbers, charge));
          fresh.settle(reserved.unusedFresh);
          return created(charge);
        } catch (error) {
          if (error instanceof StaleNumbersError && attempt < MAX_ATTEMPTS) {
            // Free-list entries that were in fact sold: dropped for good, then the reservation is tried again.
            attempt += 1;
            this.log.warn({ campaignId: campaign.id, numbers: error.numbers }, 'stale free-list numbers dropped');
            await this.dropStale(campaign.id, error.numbers);
            fresh.settle(fresh.numbers, error.numbers);
            fresh = await this.allocator.takeFresh(campaign.id, count);
            continue;
          }
          if (error instanceof NotEnoughTicketsError && drains < MAX_DRAINS) {
            // Numbers this process still has in flight for the campaign (other purchases' reservations that may
            // roll back, a retired lease's give-back not committed yet, ours) are not sold: wait until they are
            // held or visible again and look once more, so that a refusal counts only numbers really held.
            fresh.settle(fresh.numbers);
            if (await this.allocator.drain(campaign.id)) {
              drains += 1;
              fresh = await this.allocator.takeFresh(campaign.id, count);
              continue;
            }
          }
          throw error;
        }
      }
    } catch (error) {
      // Nothing was written: every fresh number goes back to its lease, the unused charge is closed at the PSP.
      fresh.settle(fresh.numbers);
      if (charge) await this.payments.pix.cancelCharge(charge.txid).catch(() => undefined);
      if (error instanceof PixProviderError) {
        this.log.error({ err: error, campaignId: campaign.id, hash }, 'pix charge creation failed');
        throw new HttpError(502, PURCHASE_MESSAGES.pixUnavailable);
      }
      if (idempotencyKey && isUniqueViolation(error, 'purchases_idempotency_key')) {
        // A double click that lost the race: the winner's purchase is the answer.
        return this.replay(await this.findByKey(campaign.id, idempotencyKey), found.buyer_id);
      }
      if (idempotencyKey && error instanceof PendingLimitError) {
        // A double click whose twin was accepted first: the twin's numbers now count as pending, yet the answer is
        // the twin's purchase, not a refusal.
        const twin = await this.findByKey(campaign.id, idempotencyKey);
        if (twin.existing_hash) return this.replay(twin, found.buyer_id);
      }
      throw error;
    }
  }

  private replay(
    existing: { existing_hash: string | null; existing_expires_at: Date | null; existing_buyer_id: string | null },
    buyerId: string,
  ): { created: boolean; data: PurchaseCreated } {
    // Keys are the client's random UUIDs; one reused by another buyer must not reveal that buyer's purchase.
    if (existing.existing_buyer_id !== buyerId || !existing.existing_hash || !existing.existing_expires_at) {
      throw new HttpError(422, PURCHASE_MESSAGES.idempotencyKeyReused);
    }
    return {
      created: false,
      data: { purchase_hash: existing.existing_hash, expires_at: existing.existing_expires_at.toISOString() },
    };
  }

  private async findByKey(campaignId: string, key: string) {
    const row = await this.db
      .selectFrom('purchases')
      .select(['purchase_hash as existing_hash', 'expires_at as existing_expires_at', 'buyer_id as existing_buyer_id'])
      .where('campaign_id', '=', campaignId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ?? { existing_hash: null, existing_expires_at: null, existing_buyer_id: null };
  }

  /**
   * The Pix charge at the PSP (no transaction open, no lock held: a real PSP takes 100+ ms). It lives as long as
   * the reservation; its expiry at the PSP IS the purchase's expires_at, so both end at the same instant.
   */
  private async openCharge(amountCents: number, campaignName: string, count: number): Promise<OpenedCharge> {
    const txid = generateTxid();
    const remote = await this.payments.pix.createCharge({
      txid,
      amountCents,
      expiresInSeconds: Math.ceil(this.options.reservationMs / 1000),
      description: `Rifaria - ${campaignName} - ${count} ${count === 1 ? 'número' : 'números'}`.slice(0, 140),
    });
    return {
      txid,
      amountCents,
      copyPasteCode: remote.copyPasteCode,
      createdAt: remote.createdAt,
      expiresAt: new Date(remote.createdAt.getTime() + remote.expiresInSeconds * 1000),
    };
  }

  private async lookupBatch(inputs: LookupInput[]): Promise<LookupRow[]> {
    const { rows } = await sql<LookupRow & { ord: string }>`
      SELECT r.ord, c.id AS campaign_id, c.name AS campaign_name, c.status_id, c.draw_at <= now() AS draw_passed,
             c.ticket_price_cents, c.total_tickets, b.id AS buyer_id,
             e.purchase_hash AS existing_hash, e.expires_at AS existing_expires_at, e.buyer_id AS existing_buyer_id,
             h.pending AS buyer_pending
      FROM unnest(${inputs.map((i) => i.link)}::text[], ${inputs.map((i) => i.phone)}::text[],
                  ${inputs.map((i) => i.key)}::text[]) WITH ORDINALITY AS r(link, phone, key, ord)
      LEFT JOIN campaigns c ON c.link = r.link
      LEFT JOIN buyers b ON b.phone = r.phone
      -- Not a plain join: with a NULL key (no Idempotency-Key header) the One-Time Filter skips purchases altogether,
      -- and a join filter could let a planner with stale statistics scan all of a growing campaign's purchases.
      LEFT JOIN LATERAL (
        SELECT e.purchase_hash, e.expires_at, e.buyer_id FROM purchases e
        WHERE r.key IS NOT NULL AND e.campaign_id = c.id AND e.idempotency_key = r.key
        LIMIT 1) AS e ON true
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(h.total_tickets), 0)::int AS pending FROM purchases h
        WHERE h.campaign_id = c.id AND h.buyer_id = b.id AND h.status_id = ${PURCHASE_STATUS_ID.pending}
          AND h.expires_at > now()) AS h ON true
      ORDER BY r.ord`.execute(this.db);
    return rows;
  }

  /** Splits a batch by campaign: each campaign's reservations are one statement. */
  private async reserveBatches(items: Reservation[]): Promise<({ unusedFresh: number[] } | null)[]> {
    const groups = new Map<string, number[]>();
    items.forEach((item, index) => {
      const group = groups.get(item.campaignId);
      if (group) group.push(index);
      else groups.set(item.campaignId, [index]);
    });
    const results: ({ unusedFresh: number[] } | null)[] = items.map(() => null);
    await Promise.all(
      [...groups.values()].map(async (indexes) => {
        try {
          const reserved = await this.reserveBatch(indexes.map((index) => items[index]!));
          indexes.forEach((index, position) => (results[index] = reserved[position]!));
        } catch (error) {
          // Left null: each purchase is retried alone, where a failure gets its own answer.
          if (indexes.length > 1 || !isExpectedBatchFailure(error)) {
            this.log.info({ err: error, purchases: indexes.length }, 'reservation batch failed: retried one by one');
          }
        }
      }),
    );
    return results;
  }

  /**
   * The reservations of several purchases of ONE campaign in one autocommit statement: released numbers first
   * (FOR UPDATE SKIP LOCKED, shared out in order: purchase k gets released numbers (before_k, before_k + count_k]),
   * each purchase's fresh numbers make up the rest; then the purchases, their tickets and their Pix charges.
   * Every purchase here holds `count` fresh numbers, so none can be short. Anything unusual (an Idempotency-Key
   * already used, a number found sold, a deadlock) aborts the statement, which undoes everything, and
   * the caller retries the purchases one by one. Items are ordered by Idempotency-Key so two batches take the
   * unique index's locks in the same order (no deadlock between two double clicks).
   */
  private async reserveBatch(unordered: Reservation[]): Promise<{ unusedFresh: number[] }[]> {
    const items = [...unordered].sort((a, b) => (a.idempotencyKey ?? '').localeCompare(b.idempotencyKey ?? ''));
    const first = items[0]!;
    const total = items.reduce((sum, item) => sum + item.count, 0);
    const freshOwner: number[] = [];
    const freshPosition: number[] = [];
    const freshNumber: number[] = [];
    items.forEach((item, index) =>
      item.fresh.forEach((number, position) => {
        freshOwner.push(index + 1);
        freshPosition.push(position + 1);
        freshNumber.push(number);
      }),
    );
    const { rows } = await sql<{ ord: string; released: number; guard: number }>`
      WITH req AS (
        SELECT r.*, sum(r.count) OVER (ORDER BY r.ord) - r.count AS before
        FROM unnest(${items.map((i) => i.buyerId)}::bigint[], ${items.map((i) => i.hash)}::text[],
                    ${items.map((i) => i.idempotencyKey)}::text[], ${items.map((i) => i.count)}::int[],
                    ${items.map((i) => i.unitCents)}::bigint[], ${items.map((i) => i.charge.amountCents)}::bigint[],
                    ${items.map((i) => i.charge.txid)}::text[], ${items.map((i) => i.charge.createdAt)}::timestamptz[],
                    ${items.map((i) => i.charge.expiresAt)}::timestamptz[],
                    ${items.map((i) => i.charge.copyPasteCode)}::text[])
             WITH ORDINALITY AS r(buyer_id, hash, key, count, unit_cents, amount_cents, txid, created_at, expires_at,
                                  code, ord)
      ), guard AS (
        -- Each buyer's unpaid numbers in the campaign, under a per-buyer lock (migration 011); raises past the limit.
        SELECT purchase_pending_guard(${first.campaignId}, array_agg(g.buyer_id), array_agg(g.count),
                                      ${this.options.pendingNumbersPerBuyer}) AS ok
        FROM req g
      ), ${releasedCtes(first.campaignId, total, first.releasedFrom)}, owned AS (
        SELECT q.ord, x.number
        FROM (SELECT number, row_number() OVER (ORDER BY number) AS rn FROM released) AS x
        JOIN req q ON x.rn > q.before AND x.rn <= q.before + q.count
      ), taken AS (
        SELECT q.ord, q.count, count(o.number)::int AS released
        FROM req q LEFT JOIN owned o ON o.ord = q.ord
        GROUP BY q.ord, q.count
      ), numbers AS (
        SELECT ord, number FROM owned
        UNION ALL
        SELECT f.ord, f.number
        FROM unnest(${freshOwner}::int[], ${freshPosition}::int[], ${freshNumber}::int[]) AS f(ord, position, number)
        JOIN taken t ON t.ord = f.ord
        WHERE f.position <= t.count - t.released
      ), purchase AS (
        INSERT INTO purchases (campaign_id, buyer_id, purchase_hash, idempotency_key, total_tickets,
                               unit_price_cents, total_cents, purchased_at, expires_at)
        -- Each purchase at its own price: the one its lookup saw, which is also the amount of its Pix charge.
        SELECT ${first.campaignId}, buyer_id, hash, key, count, unit_cents, amount_cents, created_at, expires_at
        FROM req CROSS JOIN guard ORDER BY ord
        RETURNING id, purchase_hash
      ), tickets AS (
        INSERT INTO campaign_tickets (campaign_id, number, purchase_id)
        SELECT ${first.campaignId}, n.number, p.id
        FROM numbers n JOIN req q ON q.ord = n.ord JOIN purchase p ON p.purchase_hash = q.hash
        ON CONFLICT DO NOTHING
        RETURNING number
      ), charge AS (
        INSERT INTO pix_charges (txid, purpose, reference_id, amount_cents, expires_at, copy_paste_code)
        SELECT q.txid, 'purchase', p.id, q.amount_cents, q.expires_at, q.code
        FROM req q JOIN purchase p ON p.purchase_hash = q.hash
        RETURNING id
      )
      SELECT t.ord, t.released,
             CASE WHEN (SELECT count(*) FROM tickets) <> ${total} OR (SELECT count(*) FROM charge) <> ${items.length}
                    THEN purchase_reservation_failed('batch')
                  ELSE 0
             END AS guard
      FROM taken t
      ORDER BY t.ord`.execute(this.db);
    const byItem = new Map(items.map((item, index) => [item, rows[index]!.released]));
    return unordered.map((item) => ({ unusedFresh: item.fresh.slice(item.count - byItem.get(item)!) }));
  }

  /**
   * The whole reservation in ONE autocommit statement (a round trip and a commit matter at thousands of purchases
   * per second): take up to `count` released numbers (FOR UPDATE SKIP LOCKED, from a random starting number so the
   * free list is not handed out smallest first), complete them with the first fresh numbers, insert the purchase,
   * its tickets and its Pix charge. When there are not enough numbers, or a number turns out to be sold already
   * (ON CONFLICT DO NOTHING on the primary key (campaign_id, number) leaves it out), purchase_reservation_failed()
   * aborts the statement, which undoes everything, the DELETE from the free list included.
   */
  private async reserve(p: Reservation): Promise<{ unusedFresh: number[] }> {
    try {
      const { rows } = await sql<{ released: number; guard: number }>`
        WITH ${releasedCtes(p.campaignId, p.count, p.releasedFrom)}, numbers AS (
          SELECT number FROM released
          UNION ALL
          SELECT f.number FROM unnest(${p.fresh}::int[]) WITH ORDINALITY AS f(number, position)
          WHERE f.position <= ${p.count} - (SELECT count(*) FROM released)
        ), guard AS (
          -- The buyer's unpaid numbers in the campaign, under a per-buyer lock (migration 011); raises past the limit.
          SELECT purchase_pending_guard(${p.campaignId}, ${[p.buyerId]}::bigint[], ${[p.count]}::int[],
                                        ${this.options.pendingNumbersPerBuyer}) AS ok
        ), purchase AS (
          INSERT INTO purchases (campaign_id, buyer_id, purchase_hash, idempotency_key, total_tickets,
                                 unit_price_cents, total_cents, purchased_at, expires_at)
          SELECT ${p.campaignId}, ${p.buyerId}, ${p.hash}, ${p.idempotencyKey}, ${p.count},
                 ${p.unitCents}, ${p.charge.amountCents}, ${p.charge.createdAt}, ${p.charge.expiresAt}
          FROM guard
          WHERE (SELECT count(*) FROM numbers) = ${p.count}
          RETURNING id
        ), tickets AS (
          INSERT INTO campaign_tickets (campaign_id, number, purchase_id)
          SELECT ${p.campaignId}, numbers.number, purchase.id FROM purchase CROSS JOIN numbers
          ON CONFLICT DO NOTHING
          RETURNING number
        ), charge AS (
          INSERT INTO pix_charges (txid, purpose, reference_id, amount_cents, expires_at, copy_paste_code)
          SELECT ${p.charge.txid}, 'purchase', purchase.id, ${p.charge.amountCents}, ${p.charge.expiresAt},
                 ${p.charge.copyPasteCode}
          FROM purchase
          RETURNING id
        )
        SELECT (SELECT count(*) FROM released)::int AS released,
               CASE
                 WHEN NOT EXISTS (SELECT 1 FROM purchase)
                   THEN purchase_reservation_failed('not_enough:' || (SELECT count(*) FROM released))
                 WHEN (SELECT count(*) FROM tickets) < ${p.count}
                   THEN purchase_reservation_failed('stale:' || (
                     SELECT string_agg(n.number::text, ',') FROM numbers n
                     WHERE NOT EXISTS (SELECT 1 FROM tickets t WHERE t.number = n.number)))
                 ELSE (SELECT count(*) FROM charge)::int
               END AS guard`.execute(this.db);
      const released = rows[0]!.released;
      return { unusedFresh: p.fresh.slice(p.count - released) };
    } catch (error) {
      const pending = pendingLimitOf(error);
      if (pending !== null) throw new PendingLimitError(pending, this.options.pendingNumbersPerBuyer);
      const e = error as { code?: string; message?: string };
      if (
        e?.code === 'RF001' ||
        (e?.message ?? '').startsWith('not_enough:') ||
        (e?.message ?? '').startsWith('stale:')
      ) {
        const [reason, detail = ''] = (e.message ?? '').split(':');
        if (reason === 'not_enough') throw new NotEnoughTicketsError(Number(detail) + p.fresh.length);
        if (reason === 'stale') throw new StaleNumbersError(detail.split(',').map(Number));
      }
      throw error;
    }
  }

  private async countReleased(campaignId: string): Promise<number> {
    const row = await this.db
      .selectFrom('released_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Free-list entries whose number is sold: deleted for good. */
  private async dropStale(campaignId: string, numbers: number[]): Promise<void> {
    await sql`
      DELETE FROM released_tickets r
      WHERE r.campaign_id = ${campaignId} AND r.number = ANY(${numbers}::int[])
        AND EXISTS (SELECT 1 FROM campaign_tickets t WHERE t.campaign_id = r.campaign_id AND t.number = r.number)`.execute(
      this.db,
    );
  }

  // GET /public/purchases/:hash ----------------------------------------------------------------------------------

  /** `origin`: where campaign.full_url points (PUBLIC_URL, or the address of the request: lib/public-origin.ts). */
  async view(hash: string, origin: string): Promise<Purchase | null> {
    if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return null;
    const record = await this.db
      .selectFrom('purchases as p')
      .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
      .leftJoin('pix_charges as ch', (join) =>
        join.on('ch.purpose', '=', 'purchase').onRef('ch.reference_id', '=', 'p.id'),
      )
      .select([
        'p.campaign_id',
        'p.id',
        'p.purchase_hash',
        'p.purchased_at',
        'p.expires_at',
        'p.paid_at',
        'p.total_tickets',
        'p.total_cents',
        'p.unit_price_cents',
        'p.status_id',
        'p.refund_status',
        'c.name as campaign_name',
        'c.link as campaign_link',
        'c.total_tickets as campaign_total_tickets',
        'c.draw_at as campaign_draw_at',
        'u.name as organizer_name',
        'u.phone as organizer_phone',
        'b.name as buyer_name',
        'b.phone as buyer_phone',
        'b.email as buyer_email',
        'b.cpf_encrypted as buyer_cpf_encrypted',
        'b.cpf_key_id as buyer_cpf_key_id',
        'ch.txid as charge_txid',
        'ch.copy_paste_code as charge_copy_paste_code',
        'ch.expires_at as charge_expires_at',
      ])
      .where('p.purchase_hash', '=', hash)
      .executeTakeFirst();
    if (!record) return null;
    const tickets = await this.db
      .selectFrom('campaign_tickets')
      .select('number')
      .where('campaign_id', '=', record.campaign_id)
      .where('purchase_id', '=', record.id)
      .orderBy('number')
      .execute();
    const pending = record.status_id === PURCHASE_STATUS_ID.pending && record.charge_copy_paste_code !== null;
    const qrCode = pending ? await this.qrCodes.get(record.charge_copy_paste_code!) : null;
    return presentPurchase(
      record as PurchaseRecord,
      tickets.map((t) => t.number),
      {
        cipher: this.cipher(),
        origin,
        sandbox: this.options.sandbox,
        qrCode,
        now: new Date(),
      },
    );
  }

  // Confirmation (payments core, inside its crediting transaction) ---------------------------------------------------

  /**
   * Pix confirmed for a purchase's charge. Runs in the payments core's transaction, with the charge row locked and
   * the Pix recorded once (a replayed webhook never reaches this). Outcomes:
   * - Pendente → Pago (guarded UPDATE) and the sale credited to the organiser's "Futuro" in the same transaction;
   * - Cancelado because the reservation expired → fresh numbers re-allocated if enough remain → Pago + sale;
   * - otherwise (sold out, campaign no longer Publicada) → stays Cancelado with paid_at and refund_status
   *   'pending': the money never enters a wallet and the worker returns it through the PSP.
   */
  private async confirmPaid(trx: Transaction<Database>, { charge, payment }: PaidEvent): Promise<void> {
    const purchase = await trx
      .selectFrom('purchases as p')
      .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
      .select([
        'p.campaign_id',
        'p.id',
        'p.status_id',
        'p.paid_at',
        'p.total_tickets',
        'p.total_cents',
        'c.status_id as campaign_status_id',
        'c.user_wallet_id',
        'c.name as campaign_name',
      ])
      .where('p.id', '=', charge.reference_id)
      .forUpdate('p')
      .executeTakeFirst();
    if (!purchase) throw new Error(`Charge ${charge.txid} references the missing purchase ${charge.reference_id}`);
    if (purchase.status_id === PURCHASE_STATUS_ID.paid || purchase.paid_at !== null) return;
    const key = { campaign_id: purchase.campaign_id, id: purchase.id };
    const open = purchase.campaign_status_id === PUBLISHED;

    if (purchase.status_id === PURCHASE_STATUS_ID.pending && !open) {
      // Sold while the campaign closed under it: nothing to deliver.
      await cancelAndRelease(trx, [key]);
    }
    let honoured = purchase.status_id === PURCHASE_STATUS_ID.pending && open;
    if (purchase.status_id === PURCHASE_STATUS_ID.cancelled && open) {
      honoured = await this.reallocate(trx, purchase.campaign_id, purchase.id, purchase.total_tickets);
      if (honoured) this.log.info({ purchaseId: purchase.id }, 'late payment: numbers re-allocated');
    }

    if (honoured) {
      await trx
        .updateTable('purchases')
        .set({ status_id: PURCHASE_STATUS_ID.paid, paid_at: payment.paidAt, cancelled_at: null, updated_at: sql`now()` })
        .where('campaign_id', '=', purchase.campaign_id)
        .where('id', '=', purchase.id)
        .where('paid_at', 'is', null)
        .execute();
      await post(
        trx,
        salePosting({
          purchaseId: purchase.id,
          walletId: purchase.user_wallet_id,
          amountCents: payment.amountCents,
          description: `Venda de ${purchase.total_tickets} ${purchase.total_tickets === 1 ? 'número' : 'números'} - ${purchase.campaign_name}`,
        }),
      );
      return;
    }
    await trx
      .updateTable('purchases')
      .set({ paid_at: payment.paidAt, refund_status: 'pending', updated_at: sql`now()` })
      .where('campaign_id', '=', purchase.campaign_id)
      .where('id', '=', purchase.id)
      .execute();
    this.log.warn({ purchaseId: purchase.id, txid: charge.txid }, 'late payment cannot be honoured: refund queued');
  }

  /**
   * Fresh numbers for a late payment, inside the crediting transaction: released numbers first, then counter
   * positions taken directly under the pool's lock (a rare path; the in-memory leases are not used because this
   * transaction's outcome is not ours to know). False when not enough remain: nothing is taken then.
   */
  private async reallocate(
    trx: Transaction<Database>,
    campaignId: string,
    purchaseId: string,
    count: number,
  ): Promise<boolean> {
    let missing = count;
    for (let attempt = 0; missing > 0 && attempt < MAX_ATTEMPTS; attempt += 1) {
      const pool = await trx
        .selectFrom('campaign_ticket_pools')
        .select(['campaign_id', 'total', 'algorithm', 'domain_bits', 'rounds', 'key_version', 'next_index'])
        .where('campaign_id', '=', campaignId)
        .forUpdate()
        .executeTakeFirst();
      if (!pool) return false;
      const released = await takeReleased(trx, campaignId, missing, randomInt(pool.total));
      const fromCounter = missing - released.length;
      const start = Number(pool.next_index);
      if (pool.total - start < fromCounter) {
        await releaseNumbers(trx, campaignId, released);
        return false;
      }
      if (fromCounter > 0) {
        await trx
          .updateTable('campaign_ticket_pools')
          .set({ next_index: start + fromCounter, updated_at: sql<Date>`now()` })
          .where('campaign_id', '=', campaignId)
          .execute();
      }
      const numbers = [...released, ...this.allocator.permutationOf(pool).allocateRange(start, fromCounter)];
      const { rows } = await sql<{ number: number }>`
        INSERT INTO campaign_tickets (campaign_id, number, purchase_id)
        SELECT ${campaignId}, n, ${purchaseId} FROM unnest(${numbers}::int[]) AS n
        ON CONFLICT DO NOTHING
        RETURNING number`.execute(trx);
      // Numbers found sold were stale free-list entries, already deleted by takeReleased: just take more.
      missing -= rows.length;
    }
    if (missing > 0) throw new Error(`Could not re-allocate ${count} numbers for purchase ${purchaseId}`);
    return true;
  }

  // Expiry ---------------------------------------------------------------------------------------------------------

  /**
   * Worker: Pendente purchases past expires_at become Cancelado and their numbers go to released_tickets, in
   * batches (FOR UPDATE SKIP LOCKED: several processes share the work, none waits on another's rows).
   */
  async expireOverdue(maxBatches = 20): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const count = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('purchases')
          .select(['campaign_id', 'id'])
          .where('status_id', '=', PURCHASE_STATUS_ID.pending)
          .where('expires_at', '<=', sql<Date>`now()`)
          .orderBy('expires_at')
          .limit(this.options.batchSize)
          .forUpdate()
          .skipLocked()
          .execute();
        await cancelAndRelease(trx, rows);
        return rows.length;
      });
      total += count;
      if (count < this.options.batchSize) break;
    }
    return total;
  }

  /** The payments core expired the purchase's charge: the purchase expires with it (same moment, same transaction). */
  private async expireWithCharge(trx: Transaction<Database>, charge: PixChargeRow): Promise<void> {
    const rows = await trx
      .selectFrom('purchases')
      .select(['campaign_id', 'id'])
      .where('id', '=', charge.reference_id)
      .where('status_id', '=', PURCHASE_STATUS_ID.pending)
      .where('expires_at', '<=', sql<Date>`now()`)
      .forUpdate()
      .execute();
    await cancelAndRelease(trx, rows);
  }

  // Refunds of late payments ---------------------------------------------------------------------------------------

  /**
   * Worker: returns the money of paid-to-refund purchases through the PSP (PUT /pix/{e2eid}/devolucao/{id}, the
   * refund id is stable so a retry never refunds twice). Claimed with a lease on refund_attempted_at, the PSP is
   * called with no transaction open. DEVOLVIDO → 'refunded', NAO_REALIZADO or a PSP 4xx → 'failed' (the organiser
   * sees it), anything else is retried after the lease.
   */
  async refundPending(leaseSeconds = 60): Promise<Record<string, number>> {
    const claimed = await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('purchases as p')
        .innerJoin('pix_charges as ch', (join) =>
          join.on('ch.purpose', '=', 'purchase').onRef('ch.reference_id', '=', 'p.id'),
        )
        .innerJoin('pix_received_payments as r', (join) =>
          join.onRef('r.charge_id', '=', 'ch.id').on('r.credited', '=', true),
        )
        .select(['p.campaign_id', 'p.id', 'p.total_cents', 'r.end_to_end_id'])
        .where('p.refund_status', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb('p.refund_attempted_at', 'is', null),
            eb('p.refund_attempted_at', '<=', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`),
          ]),
        )
        .orderBy(sql`p.refund_attempted_at NULLS FIRST`)
        .limit(this.options.batchSize)
        .forUpdate('p')
        .skipLocked()
        .execute();
      for (const row of rows) {
        await trx
          .updateTable('purchases')
          .set({ refund_attempted_at: sql`now()` })
          .where('campaign_id', '=', row.campaign_id)
          .where('id', '=', row.id)
          .execute();
      }
      return rows;
    });

    const counts: Record<string, number> = {};
    for (const row of claimed) {
      let outcome: 'refunded' | 'failed' | 'retry';
      try {
        const refund = await this.payments.pix.refund({
          endToEndId: row.end_to_end_id,
          refundId: `R${row.id}`,
          amountCents: Number(row.total_cents),
        });
        outcome = refund.status === 'DEVOLVIDO' ? 'refunded' : refund.status === 'NAO_REALIZADO' ? 'failed' : 'retry';
      } catch (error) {
        const status = error instanceof PixProviderError ? error.status : undefined;
        outcome =
          status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429
            ? 'failed'
            : 'retry';
        this.log.error({ err: error, purchaseId: row.id }, 'refund of a late payment failed');
      }
      if (outcome !== 'retry') {
        await this.db
          .updateTable('purchases')
          .set({ refund_status: outcome, updated_at: sql`now()` })
          .where('campaign_id', '=', row.campaign_id)
          .where('id', '=', row.id)
          .where('refund_status', '=', 'pending')
          .execute();
      }
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    return counts;
  }
}

/**
 * Cancels locked Pendente purchases and moves their numbers to released_tickets, in the caller's transaction
 * (expiry, compensation, a campaign closed under a sale).
 */
export async function cancelAndRelease(trx: Executor, keys: readonly PurchaseKey[]): Promise<void> {
  if (keys.length === 0) return;
  const campaignIds = keys.map((k) => k.campaign_id);
  const ids = keys.map((k) => k.id);
  await sql`
    UPDATE purchases SET status_id = ${PURCHASE_STATUS_ID.cancelled}, cancelled_at = now(), updated_at = now()
    WHERE (campaign_id, id) IN (SELECT * FROM unnest(${campaignIds}::bigint[], ${ids}::bigint[]))
      AND status_id = ${PURCHASE_STATUS_ID.pending}`.execute(trx);
  await sql`
    WITH gone AS (
      DELETE FROM campaign_tickets
      WHERE (campaign_id, purchase_id) IN (SELECT * FROM unnest(${campaignIds}::bigint[], ${ids}::bigint[]))
      RETURNING campaign_id, number
    )
    INSERT INTO released_tickets (campaign_id, number)
    SELECT campaign_id, number FROM gone
    ON CONFLICT DO NOTHING`.execute(trx);
}

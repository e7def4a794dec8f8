import { CAMPAIGN_STATUS_ID, PURCHASE_STATUS_ID, SALES_CLOSE_BEFORE_DRAW_MS } from '@rifaria/shared/constants';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { leaseOver } from '../db/leases';
import type { Database, Executor } from '../db/schema';
import type { BuyerDeviceProof } from '../buyers/device-token';
import { POOL_PERMUTATION_COLUMNS } from '../tickets';
import type { ReservedOutboxRow } from '../whatsapp/notifier';
import { EXPIRY_WAIT, type PendingCaps } from './caps';
import type { PurchaseRecord } from './presenter';

/** The SQL of the purchases domain: lookups, the reservation statements, confirmation, expiry and refunds. */

export interface OpenedCharge {
  txid: string;
  amountCents: number;
  copyPasteCode: string;
  /** When the PSP created the charge: the reservation's start (purchased_at). */
  createdAt: Date;
  /** The PSP's expiry of the charge, which is also the reservation's end. */
  expiresAt: Date;
}

/** One purchase's reservation: what the reservation statement (single or batched) writes. */
export interface Reservation {
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
  /** The buyer's 'purchase reserved' WhatsApp message, written with the purchase; null when not sent. */
  notice: ReservedOutboxRow | null;
  /** The address the request came from (the address cap). */
  clientAddress: string | null;
  /**
   * The reserving device holds the buyer's token (buyers/device-token.ts): the reservation counts against the buyer's
   * own cap. An unproven one counts only with the buyer's other unproven ones from the same address (migration 047).
   */
  proven: boolean;
  /** When the buyer ticked 'Li e aceito o regulamento e declaro ter 18 anos ou mais' (migration 051). */
  termsAcceptedAt: Date;
  /** The campaign's caps on unpaid numbers (caps.ts): the same for every reservation of one campaign. */
  caps: PendingCaps;
}

export interface LookupInput {
  link: string;
  phone: string;
  key: string | null;
  address: string | null;
  /** What the device's buyer token says (its signature already checked), or null without a valid one. */
  device: BuyerDeviceProof | null;
}

/** An earlier purchase with the same Idempotency-Key (all null when there is none). */
export interface ExistingPurchase {
  existing_hash: string | null;
  existing_expires_at: Date | null;
  existing_buyer_id: string | null;
}

export interface LookupRow extends ExistingPurchase {
  campaign_id: string | null;
  campaign_name: string | null;
  status_id: number | null;
  draw_passed: boolean | null;
  /** The draw is less than SALES_CLOSE_BEFORE_DRAW_MS away (database clock): no reservation is taken. */
  draw_too_close: boolean | null;
  /** Whole seconds until the draw datetime (database clock), null without one: a reservation ends by then. */
  seconds_to_draw: number | null;
  ticket_price_cents: string | null;
  total_tickets: number | null;
  buyer_id: string | null;
  /** The device proved the buyer (its token is this buyer's, at the buyer's current epoch). */
  buyer_proven: boolean | null;
  /**
   * The unpaid numbers in the campaign (Pendente, not expired) when the lookup ran that count against this request:
   * the buyer's own (proven) reservations, or for an unproven request the buyer's unproven ones from its address.
   */
  buyer_pending: number | null;
  /** The unpaid numbers in the campaign of reservations made from the request's address. */
  address_pending: number | null;
  /** Set while the buyer must wait before reserving in the campaign again (caps.ts EXPIRY_WAIT). */
  reserve_again_at: Date | null;
  /** For the 'purchase reserved' message: the organiser, their switch for it, the buyer's name. */
  organizer_id: string | null;
  notify_reserved: boolean | null;
  buyer_name: string | null;
}

/**
 * What the single-purchase reservation statement did: `reserved`, or nothing written because fewer than `count`
 * numbers were available (`available`, released ones counted in `released`) or some were found sold (`sold`).
 */
export interface ReservationOutcome {
  reserved: boolean;
  released: number;
  available: number;
  sold: number[];
}

export interface PurchaseKey {
  campaign_id: string;
  id: string;
}

export class PurchasesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The campaign, the buyer and an earlier purchase with the same Idempotency-Key, for several requests at once. */
  async lookup(inputs: LookupInput[]): Promise<LookupRow[]> {
    const { rows } = await sql<LookupRow & { ord: string }>`
      SELECT r.ord, c.id AS campaign_id, c.name AS campaign_name, c.status_id, c.draw_at <= now() AS draw_passed,
             c.draw_at <= now() + make_interval(secs => ${SALES_CLOSE_BEFORE_DRAW_MS / 1000}) AS draw_too_close,
             floor(extract(epoch FROM c.draw_at - now()))::int AS seconds_to_draw,
             c.ticket_price_cents, c.total_tickets, b.id AS buyer_id, pr.proven AS buyer_proven,
             e.purchase_hash AS existing_hash, e.expires_at AS existing_expires_at, e.buyer_id AS existing_buyer_id,
             h.pending AS buyer_pending, a.pending AS address_pending, ra.reserve_again_at, c.user_id AS organizer_id,
             coalesce(s.notify_purchase_reserved, true)
               -- Only organisers who can send: no outbox row per purchase for the many without WhatsApp.
               AND EXISTS (SELECT 1 FROM whatsapp_instances w
                           WHERE w.user_id = c.user_id AND w.is_default AND w.status = 'connected') AS notify_reserved,
             b.name AS buyer_name
      FROM unnest(${inputs.map((i) => i.link)}::text[], ${inputs.map((i) => i.phone)}::text[],
                  ${inputs.map((i) => i.key)}::text[], ${inputs.map((i) => i.address)}::text[],
                  ${inputs.map((i) => i.device?.buyerId ?? null)}::bigint[],
                  ${inputs.map((i) => i.device?.epoch ?? null)}::int[])
             WITH ORDINALITY AS r(link, phone, key, address, device_buyer, device_epoch, ord)
      LEFT JOIN campaigns c ON c.link = r.link
      LEFT JOIN buyers b ON b.phone = r.phone
      CROSS JOIN LATERAL (SELECT coalesce(b.id = r.device_buyer AND b.token_epoch = r.device_epoch, false) AS proven) AS pr
      LEFT JOIN user_settings s ON s.user_id = c.user_id
      -- Not a plain join: with a NULL key (no Idempotency-Key header) the One-Time Filter skips purchases altogether,
      -- and a join filter could let a planner with stale statistics scan all of a growing campaign's purchases.
      LEFT JOIN LATERAL (
        SELECT e.purchase_hash, e.expires_at, e.buyer_id FROM purchases e
        WHERE r.key IS NOT NULL AND e.campaign_id = c.id AND e.idempotency_key = r.key
        LIMIT 1) AS e ON true
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(h.total_tickets), 0)::int AS pending FROM purchases h
        WHERE h.campaign_id = c.id AND h.buyer_id = b.id AND h.status_id = ${PURCHASE_STATUS_ID.pending}
          AND h.expires_at > now() AND h.proven = pr.proven
          AND (pr.proven OR h.client_address IS NOT DISTINCT FROM r.address)) AS h ON true
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(a.total_tickets), 0)::int AS pending FROM purchases a
        WHERE a.campaign_id = c.id AND a.client_address = r.address AND a.status_id = ${PURCHASE_STATUS_ID.pending}
          AND a.expires_at > now()) AS a ON true
      LEFT JOIN LATERAL (
        -- Reservations that ran their course unpaid (cancelled at or after their end: not a campaign cancelled or
        -- drawn under them), the last day; past the free ones, the wait doubles with each (caps.ts EXPIRY_WAIT).
        -- Counted like the cap: a stranger's expired reservations never make the buyer wait (migration 047).
        SELECT CASE WHEN count(*) >= ${EXPIRY_WAIT.freeExpiries}
                    THEN max(x.expires_at) + make_interval(secs => least(${EXPIRY_WAIT.maxWaitSeconds},
                           ${EXPIRY_WAIT.firstWaitSeconds} * power(2, count(*) - ${EXPIRY_WAIT.freeExpiries})))
               END AS until
        FROM purchases x
        WHERE x.campaign_id = c.id AND x.buyer_id = b.id AND x.status_id = ${PURCHASE_STATUS_ID.cancelled}
          AND x.paid_at IS NULL AND x.cancelled_at >= x.expires_at
          AND x.expires_at > now() - make_interval(hours => ${EXPIRY_WAIT.windowHours})
          AND x.proven = pr.proven AND (pr.proven OR x.client_address IS NOT DISTINCT FROM r.address)) AS w ON true
      CROSS JOIN LATERAL (SELECT CASE WHEN w.until > now() THEN w.until END AS reserve_again_at) AS ra
      ORDER BY r.ord`.execute(this.db);
    return rows;
  }

  async findByKey(campaignId: string, key: string): Promise<ExistingPurchase> {
    const row = await this.db
      .selectFrom('purchases')
      .select(['purchase_hash as existing_hash', 'expires_at as existing_expires_at', 'buyer_id as existing_buyer_id'])
      .where('campaign_id', '=', campaignId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ?? { existing_hash: null, existing_expires_at: null, existing_buyer_id: null };
  }

  /**
   * The unpaid numbers in the campaign (Pendente, not expired) of a buyer or of an address: what the guard of
   * migrations 011, 030 and 047 counts (a buyer's proven reservations, or its unproven ones from one address).
   */
  async pendingNumbers(
    campaignId: string,
    of: { buyerId: string; proven: boolean; address: string | null } | { address: string | null },
  ): Promise<number> {
    const row = await this.db
      .selectFrom('purchases')
      .select(sql<number>`coalesce(sum(total_tickets), 0)::int`.as('pending'))
      .where('campaign_id', '=', campaignId)
      .where((eb) =>
        'buyerId' in of
          ? eb.and([
              eb('buyer_id', '=', of.buyerId),
              eb('proven', '=', of.proven),
              ...(of.proven ? [] : [eb('client_address', 'is not distinct from', of.address)]),
            ])
          : eb('client_address', 'is not distinct from', of.address),
      )
      .where('status_id', '=', PURCHASE_STATUS_ID.pending)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    return Number(row.pending);
  }

  /**
   * The reservations of several purchases of ONE campaign in one autocommit statement: released numbers first
   * (FOR UPDATE SKIP LOCKED, shared out in order: purchase k gets released numbers (before_k, before_k + count_k]),
   * each purchase's fresh numbers make up the rest; then the purchases, their tickets and their Pix charges.
   * Every purchase here holds `count` fresh numbers, so none can be short. Anything unusual (an Idempotency-Key
   * already used, a number found sold, a deadlock) aborts the statement, which undoes everything, and
   * the caller retries the purchases one by one. Items are ordered by Idempotency-Key so two batches take the
   * unique index's locks in the same order (no deadlock between two double clicks). Returns, per item in
   * `items` order, how many released numbers it got.
   */
  async reserveBatch(items: Reservation[]): Promise<number[]> {
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
                    ${items.map((i) => i.charge.copyPasteCode)}::text[],
                    ${items.map((i) => i.clientAddress)}::text[], ${items.map((i) => i.proven)}::boolean[],
                    ${items.map((i) => i.termsAcceptedAt)}::timestamptz[])
             WITH ORDINALITY AS r(buyer_id, hash, key, count, unit_cents, amount_cents, txid, created_at, expires_at,
                                  code, address, proven, terms_accepted_at, ord)
      ), guard AS (
        -- Each buyer's unpaid numbers in the campaign, under a per-buyer lock (migration 011); raises past the limit.
        SELECT purchase_pending_guard(${first.campaignId}, array_agg(g.buyer_id ORDER BY g.ord),
                                      array_agg(g.count ORDER BY g.ord), ${first.caps.buyer},
                                      array_agg(g.address ORDER BY g.ord), ${first.caps.address}::int,
                                      array_agg(g.proven ORDER BY g.ord)) AS ok
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
                               unit_price_cents, total_cents, purchased_at, expires_at, client_address, proven,
                               terms_accepted_at)
        -- Each purchase at its own price: the one its lookup saw, which is also the amount of its Pix charge.
        SELECT ${first.campaignId}, buyer_id, hash, key, count, unit_cents, amount_cents, created_at, expires_at,
               address, proven, terms_accepted_at
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
      ), notice AS (
        -- The buyer's 'purchase reserved' message (whatsapp/notifier.ts), committed with the purchase or not at all.
        INSERT INTO whatsapp_outbox (user_id, to_phone, body_text, kind, dedupe_key, campaign_id)
        SELECT n.user_id, n.to_phone, n.body_text, 'purchase_reserved', 'purchase_reserved:' || p.id,
               ${first.campaignId}
        FROM unnest(${items.map((i) => i.hash)}::text[], ${items.map((i) => i.notice?.userId ?? null)}::bigint[],
                    ${items.map((i) => i.notice?.toPhone ?? null)}::text[],
                    ${items.map((i) => i.notice?.text ?? null)}::text[]) AS n(hash, user_id, to_phone, body_text)
        JOIN purchase p ON p.purchase_hash = n.hash
        WHERE n.body_text IS NOT NULL
        ON CONFLICT (dedupe_key) DO NOTHING
      )
      SELECT t.ord, t.released,
             CASE WHEN (SELECT count(*) FROM tickets) <> ${total} OR (SELECT count(*) FROM charge) <> ${items.length}
                    THEN purchase_reservation_failed('batch')
                  ELSE 0
             END AS guard
      FROM taken t
      ORDER BY t.ord`.execute(this.db);
    return rows.map((row) => row.released);
  }

  /**
   * The whole reservation in ONE autocommit statement (a round trip and a commit matter at thousands of purchases
   * per second): take up to `count` released numbers (FOR UPDATE SKIP LOCKED, from a random starting number so the
   * free list is not handed out smallest first), complete them with the first fresh numbers, insert the purchase,
   * its tickets and its Pix charge. When there are not enough numbers, or one is already sold (a stale free-list
   * entry), nothing is written and the returned row says so. A number sold meanwhile by a transaction this
   * statement's snapshot did not see (ON CONFLICT DO NOTHING on the primary key (campaign_id, number) leaves it out)
   * makes purchase_reservation_failed() abort the statement (SQLSTATE RF001), which undoes everything.
   */
  async reserve(p: Reservation): Promise<ReservationOutcome> {
    const { rows } = await sql<ReservationOutcome & { guard: number }>`
      WITH ${releasedCandidates(p.campaignId, p.count, p.releasedFrom)}, numbers AS (
        SELECT number FROM released_candidates
        UNION ALL
        SELECT f.number FROM unnest(${p.fresh}::int[]) WITH ORDINALITY AS f(number, position)
        WHERE f.position <= ${p.count} - (SELECT count(*) FROM released_candidates)
      ), sold AS (
        SELECT n.number FROM numbers n
        WHERE EXISTS (SELECT 1 FROM campaign_tickets t WHERE t.campaign_id = ${p.campaignId} AND t.number = n.number)
      ), ok AS (
        SELECT (SELECT count(*) FROM numbers) = ${p.count} AND NOT EXISTS (SELECT 1 FROM sold) AS ok
      ), ${releasedDelete(sql`(SELECT ok FROM ok)`)}, guard AS (
        -- The buyer's unpaid numbers in the campaign, under a per-buyer lock (migration 011); raises past the limit.
        SELECT purchase_pending_guard(${p.campaignId}, ${[p.buyerId]}::bigint[], ${[p.count]}::int[], ${p.caps.buyer},
                                      ${[p.clientAddress]}::text[], ${p.caps.address}::int, ${[p.proven]}::boolean[]) AS ok
      ), purchase AS (
        INSERT INTO purchases (campaign_id, buyer_id, purchase_hash, idempotency_key, total_tickets,
                               unit_price_cents, total_cents, purchased_at, expires_at, client_address, proven,
                               terms_accepted_at)
        SELECT ${p.campaignId}, ${p.buyerId}, ${p.hash}, ${p.idempotencyKey}, ${p.count},
               ${p.unitCents}, ${p.charge.amountCents}, ${p.charge.createdAt}, ${p.charge.expiresAt}, ${p.clientAddress},
               ${p.proven}, ${p.termsAcceptedAt}
        FROM guard
        WHERE (SELECT ok FROM ok)
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
      ), notice AS (
        -- The buyer's 'purchase reserved' message (whatsapp/notifier.ts), committed with the purchase or not at all.
        INSERT INTO whatsapp_outbox (user_id, to_phone, body_text, kind, dedupe_key, campaign_id)
        SELECT ${p.notice?.userId ?? null}::bigint, ${p.notice?.toPhone ?? null}::text, ${p.notice?.text ?? null}::text,
               'purchase_reserved', 'purchase_reserved:' || purchase.id, ${p.campaignId}
        FROM purchase
        WHERE ${p.notice !== null}
        ON CONFLICT (dedupe_key) DO NOTHING
      )
      SELECT EXISTS (SELECT 1 FROM purchase) AS reserved,
             (SELECT count(*) FROM released_candidates)::int AS released,
             (SELECT count(*) FROM numbers)::int AS available,
             ARRAY(SELECT number FROM sold ORDER BY number) AS sold,
             CASE
               WHEN EXISTS (SELECT 1 FROM purchase) AND (SELECT count(*) FROM tickets) < ${p.count}
                 THEN purchase_reservation_failed('stale')
               ELSE (SELECT count(*) FROM charge)::int
             END AS guard`.execute(this.db);
    const { reserved, released, available, sold } = rows[0]!;
    return { reserved, released, available, sold };
  }

  async countReleased(campaignId: string): Promise<number> {
    const row = await this.db
      .selectFrom('released_tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Free-list entries whose number is sold: deleted for good. */
  async dropStale(campaignId: string, numbers: number[]): Promise<void> {
    await sql`
      DELETE FROM released_tickets r
      WHERE r.campaign_id = ${campaignId} AND r.number = ANY(${numbers}::int[])
        AND EXISTS (SELECT 1 FROM campaign_tickets t WHERE t.campaign_id = r.campaign_id AND t.number = r.number)`.execute(
      this.db,
    );
  }

  /** A purchase as the public page shows it, with its campaign, organiser, buyer and Pix charge; by its hash. */
  async findForView(hash: string): Promise<(PurchaseRecord & PurchaseKey) | undefined> {
    const record = await this.db
      .selectFrom('purchases as p')
      .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
      .leftJoin('user_settings as s', 's.user_id', 'c.user_id')
      .leftJoin('pix_charges as ch', (join) =>
        join.on('ch.purpose', '=', 'purchase').onRef('ch.reference_id', '=', 'p.id'),
      )
      .select((eb) => [
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
        'p.cancelled_at',
        'c.name as campaign_name',
        'c.link as campaign_link',
        'c.total_tickets as campaign_total_tickets',
        'c.draw_at as campaign_draw_at',
        'c.draw_type_id as campaign_draw_type_id',
        'c.draw_commitment as campaign_draw_commitment',
        // The organiser as public pages show them ('Configurações'): the chosen name and WhatsApp, never the
        // account's phone.
        eb.fn.coalesce('s.public_name', 'u.name').as('organizer_name'),
        's.public_whatsapp as organizer_phone',
        'b.name as buyer_name',
        'b.phone as buyer_phone',
        'b.email as buyer_email',
        'b.cpf_encrypted as buyer_cpf_encrypted',
        'b.cpf_key_id as buyer_cpf_key_id',
        'b.id as buyer_id',
        'b.token_epoch as buyer_token_epoch',
        'ch.txid as charge_txid',
        'ch.copy_paste_code as charge_copy_paste_code',
        'ch.expires_at as charge_expires_at',
      ])
      .where('p.purchase_hash', '=', hash)
      .executeTakeFirst();
    return record as (PurchaseRecord & PurchaseKey) | undefined;
  }

  async ticketNumbers(key: PurchaseKey): Promise<number[]> {
    const rows = await this.db
      .selectFrom('campaign_tickets')
      .select('number')
      .where('campaign_id', '=', key.campaign_id)
      .where('purchase_id', '=', key.id)
      .orderBy('number')
      .execute();
    return rows.map((row) => row.number);
  }

  /** The end-to-end id (E2E) of the Pix that paid a purchase, as the PSP reported it; null when none is stored. */
  async endToEndIdOf(purchaseId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('pix_received_payments as r')
      .innerJoin('pix_charges as ch', 'ch.id', 'r.charge_id')
      .select('r.end_to_end_id')
      .where('ch.purpose', '=', 'purchase')
      .where('ch.reference_id', '=', purchaseId)
      .orderBy('r.paid_at')
      .executeTakeFirst();
    return row?.end_to_end_id ?? null;
  }

  /** The purchase a Pix charge pays, with its campaign, locked for the confirmation. */
  lockForConfirmation(trx: Transaction<Database>, purchaseId: string) {
    return trx
      .selectFrom('purchases as p')
      .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
      .select([
        'p.campaign_id',
        'p.id',
        'p.status_id',
        'p.paid_at',
        'p.total_tickets',
        'p.total_cents',
        'p.refund_status',
        'p.refund_attempted_at',
        'c.status_id as campaign_status_id',
        'c.user_wallet_id',
        'c.name as campaign_name',
        // Sales close at the draw datetime (the database's clock, as for new purchases). clock_timestamp(), not
        // now() (the transaction's start): a confirmation that waited on a row lock past the draw is late.
        sql<boolean>`coalesce(c.draw_at <= clock_timestamp(), false)`.as('draw_passed'),
      ])
      .where('p.id', '=', purchaseId)
      .forUpdate('p')
      .executeTakeFirst();
  }

  /** Pendente or Cancelado → Pago, once (guarded on paid_at). */
  async markPaid(trx: Executor, key: PurchaseKey, paidAt: Date): Promise<void> {
    await trx
      .updateTable('purchases')
      .set({ status_id: PURCHASE_STATUS_ID.paid, paid_at: paidAt, cancelled_at: null, updated_at: sql`now()` })
      .where('campaign_id', '=', key.campaign_id)
      .where('id', '=', key.id)
      .where('paid_at', 'is', null)
      .execute();
  }

  /**
   * A late payment left to refund is honoured after all (numbers came back before its first refund attempt, see
   * honourLatePayment in confirm.ts): Cancelado → Pago, nothing to refund. paid_at stays the Pix's.
   */
  async markLatePaymentHonoured(trx: Executor, key: PurchaseKey): Promise<void> {
    await trx
      .updateTable('purchases')
      .set({ status_id: PURCHASE_STATUS_ID.paid, refund_status: null, cancelled_at: null, updated_at: sql`now()` })
      .where('campaign_id', '=', key.campaign_id)
      .where('id', '=', key.id)
      .where('refund_status', '=', 'pending')
      .execute();
  }

  /** Paid but not honoured: the worker returns the money (refund_status 'pending'). */
  async markRefundDue(trx: Executor, key: PurchaseKey, paidAt: Date): Promise<void> {
    await trx
      .updateTable('purchases')
      .set({ paid_at: paidAt, refund_status: 'pending', updated_at: sql`now()` })
      .where('campaign_id', '=', key.campaign_id)
      .where('id', '=', key.id)
      .execute();
  }

  /** The campaign's ticket pool, locked (the counter is taken directly, without a lease). */
  lockPool(trx: Transaction<Database>, campaignId: string) {
    return trx
      .selectFrom('campaign_ticket_pools as p')
      .select([...POOL_PERMUTATION_COLUMNS, 'p.next_index'])
      .where('p.campaign_id', '=', campaignId)
      .forUpdate()
      .executeTakeFirst();
  }

  async advanceCounter(trx: Executor, campaignId: string, nextIndex: number): Promise<void> {
    await trx
      .updateTable('campaign_ticket_pools')
      .set({ next_index: nextIndex, updated_at: sql<Date>`now()` })
      .where('campaign_id', '=', campaignId)
      .execute();
  }

  /** Inserts the purchase's tickets; returns the numbers written (a number already sold is left out). */
  async insertTickets(trx: Executor, key: PurchaseKey, numbers: number[]): Promise<number[]> {
    const { rows } = await sql<{ number: number }>`
      INSERT INTO campaign_tickets (campaign_id, number, purchase_id)
      SELECT ${key.campaign_id}, n, ${key.id} FROM unnest(${numbers}::int[]) AS n
      ON CONFLICT DO NOTHING
      RETURNING number`.execute(trx);
    return rows.map((row) => row.number);
  }

  /** Up to `limit` Pendente purchases past their expiry, locked (SKIP LOCKED: other processes take others). */
  lockOverdue(trx: Transaction<Database>, limit: number): Promise<PurchaseKey[]> {
    return trx
      .selectFrom('purchases')
      .select(['campaign_id', 'id'])
      .where('status_id', '=', PURCHASE_STATUS_ID.pending)
      .where('expires_at', '<=', sql<Date>`now()`)
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /**
   * Pendente purchases of published campaigns whose draw datetime has passed: sales are closed, so they are
   * cancelled at once whatever their expiry (few campaigns wait for their draw; the join uses the
   * (campaign_id, status_id) index).
   */
  lockPendingAfterDraw(trx: Transaction<Database>, limit: number): Promise<PurchaseKey[]> {
    return (
      trx
        .selectFrom('purchases as p')
        .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
        .select(['p.campaign_id', 'p.id'])
        .where('p.status_id', '=', PURCHASE_STATUS_ID.pending)
        // Finalizada too: the draw can be made before the worker's next tick.
        .where('c.status_id', 'in', [CAMPAIGN_STATUS_ID.published, CAMPAIGN_STATUS_ID.finished])
        .where('c.draw_at', '<=', sql<Date>`now()`)
        .limit(limit)
        .forUpdate('p')
        .skipLocked()
        .execute()
    );
  }

  /** Every Pendente purchase of the campaign, locked (the draw closes its sales). */
  lockPendingOf(trx: Transaction<Database>, campaignId: string): Promise<PurchaseKey[]> {
    return trx
      .selectFrom('purchases')
      .select(['campaign_id', 'id'])
      .where('campaign_id', '=', campaignId)
      .where('status_id', '=', PURCHASE_STATUS_ID.pending)
      .forUpdate()
      .execute();
  }

  /** The charges of these purchases the PSP may still be paid on. */
  activeChargesOf(purchaseIds: string[]): Promise<{ txid: string }[]> {
    if (purchaseIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('pix_charges')
      .select('txid')
      .where('purpose', '=', 'purchase')
      .where('reference_id', 'in', purchaseIds)
      .where('status', '=', 'pending')
      .execute();
  }

  /** The purchase, locked, when it is still Pendente past its expiry. */
  lockOverdueById(trx: Transaction<Database>, purchaseId: string): Promise<PurchaseKey[]> {
    return trx
      .selectFrom('purchases')
      .select(['campaign_id', 'id'])
      .where('id', '=', purchaseId)
      .where('status_id', '=', PURCHASE_STATUS_ID.pending)
      .where('expires_at', '<=', sql<Date>`now()`)
      .forUpdate()
      .execute();
  }

  /**
   * Claims up to `limit` refunds due (lease on refund_attempted_at), with the Pix they return, whether this is the
   * first attempt (no claim before: the PSP was never asked) and the claim's stamp (`claimed_at`: the claim is still
   * this one while refund_attempted_at has not changed).
   */
  claimRefunds(limit: number, leaseSeconds: number) {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('purchases as p')
        .innerJoin('pix_charges as ch', (join) =>
          join.on('ch.purpose', '=', 'purchase').onRef('ch.reference_id', '=', 'p.id'),
        )
        .innerJoin('pix_received_payments as r', (join) =>
          join.onRef('r.charge_id', '=', 'ch.id').on('r.credited', '=', true),
        )
        .select(['p.campaign_id', 'p.id', 'p.total_cents', 'r.end_to_end_id', 'p.status_id', 'p.refund_retries'])
        .select(sql<boolean>`p.refund_attempted_at IS NULL`.as('first_attempt'))
        .where('p.refund_status', '=', 'pending')
        .where(leaseOver('p.refund_attempted_at', leaseSeconds))
        .orderBy(sql`p.refund_attempted_at NULLS FIRST`)
        .limit(limit)
        .forUpdate('p')
        .skipLocked()
        .execute();
      const claimed = [];
      for (const row of rows) {
        const stamp = await trx
          .updateTable('purchases')
          .set({ refund_attempted_at: sql`now()` })
          .where('campaign_id', '=', row.campaign_id)
          .where('id', '=', row.id)
          .returning('refund_attempted_at')
          .executeTakeFirstOrThrow();
        claimed.push({ ...row, claimed_at: stamp.refund_attempted_at! });
      }
      return claimed;
    });
  }

  async setRefundStatus(key: PurchaseKey, status: 'refunded' | 'failed'): Promise<void> {
    await this.db
      .updateTable('purchases')
      .set({ refund_status: status, updated_at: sql`now()` })
      .where('campaign_id', '=', key.campaign_id)
      .where('id', '=', key.id)
      .where('refund_status', '=', 'pending')
      .execute();
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

/** Puts numbers back into the campaign's free list (ON CONFLICT: a number already there stays once). */
export async function releaseNumbers(db: Executor, campaignId: string, numbers: readonly number[]): Promise<void> {
  if (numbers.length === 0) return;
  await sql`
    INSERT INTO released_tickets (campaign_id, number)
    SELECT ${campaignId}, n FROM unnest(${numbers as number[]}::int[]) AS n
    ON CONFLICT DO NOTHING`.execute(db);
}

/**
 * CTE `released_candidates` (ctid, number): up to `count` released numbers of the campaign, locked (rows other
 * transactions hold are skipped: FOR UPDATE SKIP LOCKED). Numbers are taken upwards from `startAt`, then from the
 * lowest: a random start keeps the numbers a buyer gets from the free list unpredictable. Both halves walk the
 * primary key in order and stop at `count`: the cost does not grow with the free list or the table.
 */
function releasedCandidates(campaignId: string, count: number, startAt: number): RawBuilder<unknown> {
  return sql`released_from AS (
      SELECT ctid, number FROM released_tickets
      WHERE campaign_id = ${campaignId} AND number >= ${startAt}
      ORDER BY number
      LIMIT ${count}
      FOR UPDATE SKIP LOCKED
    ), released_wrapped AS (
      SELECT ctid, number FROM released_tickets
      WHERE campaign_id = ${campaignId} AND number < ${startAt}
      ORDER BY number
      LIMIT ${count}::int - (SELECT count(*) FROM released_from)::int
      FOR UPDATE SKIP LOCKED
    ), released_candidates AS (
      SELECT ctid, number FROM released_from UNION ALL SELECT ctid, number FROM released_wrapped
    )`;
}

/** CTE `released` (number): deletes the candidates (by ctid) when `when` holds; back on rollback. */
function releasedDelete(when: RawBuilder<unknown> = sql`true`): RawBuilder<unknown> {
  return sql`released AS (
      DELETE FROM released_tickets
      WHERE ctid = ANY(ARRAY(SELECT ctid FROM released_candidates)) AND ${when}
      RETURNING number
    )`;
}

/**
 * CTEs that take up to `count` released numbers of the campaign inside the statement's transaction: `released`
 * (DELETE ... RETURNING number; deleted now, back on rollback), see releasedCandidates.
 */
export function releasedCtes(campaignId: string, count: number, startAt: number): RawBuilder<unknown> {
  return sql`${releasedCandidates(campaignId, count, startAt)}, ${releasedDelete()}`;
}

/** Takes up to `count` released numbers of the campaign inside the caller's transaction (see releasedCtes). */
export async function takeReleased(trx: Transaction<Database>, campaignId: string, count: number, startAt: number) {
  const { rows } = await sql<{ number: number }>`
    WITH ${releasedCtes(campaignId, count, startAt)}
    SELECT number FROM released`.execute(trx);
  return rows.map((r) => r.number);
}

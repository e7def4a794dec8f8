import { randomBytes, randomInt } from 'node:crypto';
import { formatDateTime } from '@rifaria/shared/format';
import { BUYER_MESSAGES, type PurchaseRequest } from '@rifaria/shared/schemas';
import type { PurchaseCreated } from '@rifaria/shared/types';
import type { FastifyBaseLogger } from 'fastify';
import type { BuyerDeviceProof } from '../buyers/device-token';
import { isCampaignLink } from '../campaigns/slug';
import { isUniqueViolation } from '../db/errors';
import type { Batcher } from '../lib/batcher';
import { fieldError, HttpError, type ErrorBody } from '../lib/errors';
import { PixProviderError } from '../payments/pix-provider';
import { generateTxid, type PaymentsService } from '../payments/service';
import type { Notifier } from '../whatsapp/notifier';
import type { TicketAllocator } from './allocator';
import { pendingCaps, type CapSettings } from './caps';
import { PURCHASE_MESSAGES } from './messages';
import type {
  ExistingPurchase,
  LookupInput,
  LookupRow,
  OpenedCharge,
  PurchasesRepository,
  Reservation,
} from './repository';

export const PUBLISHED = 2;
/** Fresh numbers found already sold (a stale free-list entry): the purchase is retried this many times. */
export const MAX_ATTEMPTS = 4;
/**
 * A refusal for lack of numbers first waits for what this process has in flight for the campaign and looks again,
 * at most this many times (each wait covers only what was in flight then, so a stream of new buyers cannot hold a
 * refusal back for long); then, once, it recalls the other processes' leases of the campaign (allocator.recall,
 * bounded by recallWaitMs) and looks again.
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

/** 422 for a cap on unpaid numbers in the campaign, with `details.limit` and `details.pending` (held unpaid now). */
class UnpaidCapError extends HttpError {
  constructor(
    message: string,
    readonly pending: number,
    readonly limit: number,
  ) {
    super(422, message, { total_tickets: [message] });
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), details: { limit: this.limit, pending: this.pending } } as ErrorBody;
  }
}

/** The purchase would take the buyer's unpaid numbers in the campaign (Pendente, not expired) past `limit`. */
export class PendingLimitError extends UnpaidCapError {
  constructor(pending: number, limit: number) {
    super(PURCHASE_MESSAGES.pendingLimit(pending, limit), pending, limit);
  }
}

/**
 * The purchase would take the unpaid numbers of reservations made from the request's address in the campaign past
 * `limit` (PENDING_SHARE_PER_ADDRESS).
 */
export class AddressLimitError extends UnpaidCapError {
  constructor(pending: number, limit: number) {
    super(PURCHASE_MESSAGES.addressLimit(pending, limit), pending, limit);
  }
}

/** 429 while a buyer whose reservations kept expiring unpaid waits (caps.ts EXPIRY_WAIT), with Retry-After. */
function waitAfterExpiries(until: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new HttpError(429, PURCHASE_MESSAGES.waitAfterExpiries(formatDateTime(until)), undefined, {
    'retry-after': String(seconds),
  });
}

/** Numbers that turned out to be sold already: dropped from the free list, then the purchase is tried again. */
class StaleNumbersError extends Error {
  constructor(readonly numbers: number[]) {
    super(`stale ticket numbers: ${numbers.join(',')}`);
  }
}

/** SQLSTATEs raised on purpose by the reservation statements (migrations 009 and 011). */
const RESERVATION_FAILED = 'RF001';
const PENDING_LIMIT = 'RF002';
const ADDRESS_LIMIT = 'RF003';

function sqlState(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

/** A batch of one that failed the usual way (a double click, a stale number): retried alone without a log line. */
function isExpectedBatchFailure(error: unknown): boolean {
  const code = sqlState(error);
  return code === '23505' || code === RESERVATION_FAILED || code === PENDING_LIMIT || code === ADDRESS_LIMIT;
}

/** The caps on unpaid numbers (config.purchases: PENDING_NUMBERS_PER_BUYER, PENDING_SHARE_PER_*; caps.ts). */
export interface PurchasesOptions extends CapSettings {
  /** Reservation and Pix charge lifetime (config.purchases.reservationMs). */
  reservationMs: number;
  /** The sandbox PSP is active: the checkout offers 'Simular pagamento (sandbox)'. */
  sandbox: boolean;
  /** Purchases expired / refunds tried per worker batch. */
  batchSize: number;
}

/** Group commit sizes (see lib/batcher.ts): concurrent purchases share statements and commits. */
export const BATCH = { concurrency: 2, maxItems: 100, maxTickets: 5000 };

type Reserved = { unusedFresh: number[] };

/** What POST /public/purchases needs; the batchers belong to the service (group commit across requests). */
export interface CreationContext {
  repository: PurchasesRepository;
  payments: PaymentsService;
  allocator: TicketAllocator;
  log: FastifyBaseLogger;
  options: PurchasesOptions;
  /** Builds the 'purchase reserved' message the reservation statement writes with the purchase. */
  notifier: Notifier;
  lookups: Batcher<LookupInput, LookupRow>;
  /** Reservations of concurrent purchases, one statement per campaign; null = retry this one alone. */
  reservations: Batcher<Reservation, Reserved | null>;
}

/**
 * POST /public/purchases. Fresh numbers are taken from this process's lease (memory), the PSP creates the charge
 * (100+ ms at a real PSP: never inside a transaction, never with a lock held), then ONE statement reserves the
 * numbers and writes the purchase, its tickets and its charge together. A purchase therefore never exists without
 * its Pix, and nothing is written when the PSP fails. When the reservation fails (sold out in the meantime, a double
 * click that lost), the unused charge is cancelled at the PSP. A sold-out campaign is refused before the PSP is
 * called whenever this process can tell (its counter is exhausted and the free list is short). The buyer's
 * 'purchase reserved' WhatsApp message (amount, Pix code, checkout link on `origin`, expiry) is written by the same
 * statement, so it exists exactly when the purchase does.
 */
export async function createPurchase(
  ctx: CreationContext,
  input: PurchaseRequest,
  idempotencyKey: string | null,
  origin: string,
  clientAddress: string | null,
  device: BuyerDeviceProof | null = null,
): Promise<{ created: boolean; data: PurchaseCreated }> {
  // The request carries terms_accepted: true (purchaseRequestSchema refuses it otherwise): accepted now.
  const termsAcceptedAt = new Date();
  if (!isCampaignLink(input.campaign_link)) throw new HttpError(404, PURCHASE_MESSAGES.campaignNotFound);
  const found = await ctx.lookups.submit({
    link: input.campaign_link,
    phone: input.buyer_phone,
    key: idempotencyKey,
    address: clientAddress,
    device,
  });
  // A draft is not public: same reply as an unknown link.
  if (!found.campaign_id || found.status_id === 1) throw new HttpError(404, PURCHASE_MESSAGES.campaignNotFound);
  if (found.status_id !== PUBLISHED) throw new HttpError(422, BUYER_MESSAGES.campaignUnavailable);
  if (found.draw_passed) throw new HttpError(422, BUYER_MESSAGES.drawDatePassed);
  if (found.draw_too_close) throw new HttpError(422, BUYER_MESSAGES.drawTooClose);
  if (!found.buyer_id) {
    throw fieldError('buyer_phone', BUYER_MESSAGES.buyerNotFound, BUYER_MESSAGES.buyerNotFound);
  }
  const buyerId = found.buyer_id;
  if (found.existing_hash) return replay(found, buyerId);
  if (found.reserve_again_at) throw waitAfterExpiries(found.reserve_again_at);
  // Refused before the PSP is called when the lookup already shows it; the reservation statement re-checks under
  // per-buyer and per-address locks (concurrent purchases of one buyer, of one address). A device that has not proved
  // the buyer is answered from its own reservations in the buyer's name (from its address), never the buyer's own:
  // the refusal must not tell a stranger what the buyer holds, nor let them make the buyer wait (migration 047).
  const caps = pendingCaps(found.total_tickets ?? 0, ctx.options);
  if ((found.buyer_pending ?? 0) + input.total_tickets > caps.buyer) {
    throw new PendingLimitError(found.buyer_pending ?? 0, caps.buyer);
  }
  if (caps.address !== null && (found.address_pending ?? 0) + input.total_tickets > caps.address) {
    throw new AddressLimitError(found.address_pending ?? 0, caps.address);
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
    buyerId,
    hash,
    idempotencyKey,
    count,
    fresh,
    unitCents: campaign.unitCents,
    releasedFrom: randomInt(campaign.totalTickets),
    charge,
    clientAddress,
    proven: found.buyer_proven === true,
    termsAcceptedAt,
    caps,
    notice: ctx.notifier.reservedRow({
      organizerId: found.organizer_id ?? '',
      enabled: found.notify_reserved !== false && found.organizer_id !== null,
      buyerPhone: input.buyer_phone,
      notice: {
        buyerName: found.buyer_name ?? '',
        campaignName: campaign.name,
        count,
        amountCents: charge.amountCents,
        copyPasteCode: charge.copyPasteCode,
        expiresAt: charge.expiresAt,
        hash,
        origin,
      },
    }),
  });
  // A reservation ends at the draw datetime at the latest: past it a Pix could only be refunded.
  const lifetimeSeconds = Math.min(
    Math.ceil(ctx.options.reservationMs / 1000),
    found.seconds_to_draw ?? Number.POSITIVE_INFINITY,
  );
  const open = () => openCharge(ctx, amountCents, campaign.name, count, lifetimeSeconds);
  const created = (charge: OpenedCharge) => ({
    created: true,
    data: { purchase_hash: hash, expires_at: charge.expiresAt.toISOString() },
  });

  let fresh = await ctx.allocator.takeFresh(campaign.id, count);
  let charge = null as OpenedCharge | null;
  let attempt = 1;
  let drains = 0;
  let recalled = false;
  try {
    if (fresh.numbers.length === count) {
      // The common case: this process holds enough fresh numbers. The reservation joins the campaign's next
      // group-commit batch; a batch that fails for any reason (a double click, a stale number, a deadlock)
      // is retried below one purchase at a time, where each outcome has its own answer.
      charge = await open();
      const batched = await ctx.reservations.submit(reservation(fresh.numbers, charge));
      if (batched) {
        fresh.settle(batched.unusedFresh);
        return created(charge);
      }
    }
    for (;;) {
      try {
        if (fresh.numbers.length < count) {
          // The counter is exhausted: only released numbers can make up the rest. Refuse before asking the PSP.
          const released = await ctx.repository.countReleased(campaign.id);
          if (released + fresh.numbers.length < count) {
            throw new NotEnoughTicketsError(released + fresh.numbers.length);
          }
        }
        // A retry after a stale number or a drain keeps the charge already opened.
        if (!charge) charge = await open();
        const reserved = await reserveAlone(ctx, reservation(fresh.numbers, charge));
        fresh.settle(reserved.unusedFresh);
        return created(charge);
      } catch (error) {
        if (error instanceof StaleNumbersError && attempt < MAX_ATTEMPTS) {
          // Free-list entries that were in fact sold: dropped for good, then the reservation is tried again.
          attempt += 1;
          ctx.log.warn({ campaignId: campaign.id, numbers: error.numbers }, 'stale free-list numbers dropped');
          await ctx.repository.dropStale(campaign.id, error.numbers);
          fresh.settle(fresh.numbers, error.numbers);
          fresh = await ctx.allocator.takeFresh(campaign.id, count);
          continue;
        }
        if (error instanceof NotEnoughTicketsError) {
          // Numbers this process still has in flight for the campaign (other purchases' reservations that may
          // roll back, a retired lease's give-back not committed yet, ours) are not sold: wait until they are
          // held or visible again and look once more, so that a refusal counts only numbers really held.
          fresh.settle(fresh.numbers);
          if (drains < MAX_DRAINS && (await ctx.allocator.drain(campaign.id))) {
            drains += 1;
            fresh = await ctx.allocator.takeFresh(campaign.id, count);
            continue;
          }
          // Nothing more here: numbers unused in OTHER processes' leases of the campaign are not sold either. They
          // are asked back (a bounded wait), then the free list is looked at once more.
          if (!recalled) {
            recalled = true;
            if (await ctx.allocator.recall(campaign.id)) {
              fresh = await ctx.allocator.takeFresh(campaign.id, count);
              continue;
            }
          }
        }
        throw error;
      }
    }
  } catch (error) {
    // Nothing was written: every fresh number goes back to its lease, the unused charge is closed at the PSP.
    fresh.settle(fresh.numbers);
    if (charge) await ctx.payments.pix.cancelCharge(charge.txid).catch(() => undefined);
    if (error instanceof PixProviderError) {
      ctx.log.error({ err: error, campaignId: campaign.id, hash }, 'pix charge creation failed');
      throw new HttpError(502, PURCHASE_MESSAGES.pixUnavailable);
    }
    if (idempotencyKey && isUniqueViolation(error, 'purchases_idempotency_key')) {
      // A double click that lost the race: the winner's purchase is the answer.
      return replay(await ctx.repository.findByKey(campaign.id, idempotencyKey), buyerId);
    }
    if (idempotencyKey && (error instanceof PendingLimitError || error instanceof AddressLimitError)) {
      // A double click whose twin was accepted first: the twin's numbers now count as pending, yet the answer is
      // the twin's purchase, not a refusal.
      const twin = await ctx.repository.findByKey(campaign.id, idempotencyKey);
      if (twin.existing_hash) return replay(twin, buyerId);
    }
    throw error;
  }
}

function replay(existing: ExistingPurchase, buyerId: string): { created: boolean; data: PurchaseCreated } {
  // Keys are the client's random UUIDs; one reused by another buyer must not reveal that buyer's purchase.
  if (existing.existing_buyer_id !== buyerId || !existing.existing_hash || !existing.existing_expires_at) {
    throw new HttpError(422, PURCHASE_MESSAGES.idempotencyKeyReused);
  }
  return {
    created: false,
    data: { purchase_hash: existing.existing_hash, expires_at: existing.existing_expires_at.toISOString() },
  };
}

/**
 * The Pix charge at the PSP (no transaction open, no lock held: a real PSP takes 100+ ms). It lives as long as
 * the reservation (`lifetimeSeconds`); its expiry at the PSP IS the purchase's expires_at, so both end at the same
 * instant.
 */
async function openCharge(
  ctx: CreationContext,
  amountCents: number,
  campaignName: string,
  count: number,
  lifetimeSeconds: number,
): Promise<OpenedCharge> {
  const txid = generateTxid();
  const remote = await ctx.payments.pix.createCharge({
    txid,
    amountCents,
    expiresInSeconds: lifetimeSeconds,
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

/**
 * Splits a batch by campaign: each campaign's reservations are one statement (`reserveBatch`, which returns each
 * item's unused fresh numbers). A statement that fails leaves its items null: each is retried alone.
 */
export async function reserveBatches(
  items: Reservation[],
  reserveBatch: (items: Reservation[]) => Promise<Reserved[]>,
  log: FastifyBaseLogger,
): Promise<(Reserved | null)[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, index) => {
    const group = groups.get(item.campaignId);
    if (group) group.push(index);
    else groups.set(item.campaignId, [index]);
  });
  const results: (Reserved | null)[] = items.map(() => null);
  await Promise.all(
    [...groups.values()].map(async (indexes) => {
      try {
        const reserved = await reserveBatch(indexes.map((index) => items[index]!));
        indexes.forEach((index, position) => (results[index] = reserved[position]!));
      } catch (error) {
        // Left null: each purchase is retried alone, where a failure gets its own answer.
        if (indexes.length > 1 || !isExpectedBatchFailure(error)) {
          log.info({ err: error, purchases: indexes.length }, 'reservation batch failed: retried one by one');
        }
      }
    }),
  );
  return results;
}

/** One campaign's batch in one statement; items are ordered by Idempotency-Key (see the repository). */
export async function reserveCampaignBatch(
  repository: PurchasesRepository,
  unordered: Reservation[],
): Promise<Reserved[]> {
  const items = [...unordered].sort((a, b) => (a.idempotencyKey ?? '').localeCompare(b.idempotencyKey ?? ''));
  const released = await repository.reserveBatch(items);
  const byItem = new Map(items.map((item, index) => [item, released[index]!]));
  return unordered.map((item) => ({ unusedFresh: item.fresh.slice(item.count - byItem.get(item)!) }));
}

/** One purchase's reservation alone, each failure turned into its own answer. */
async function reserveAlone(ctx: CreationContext, p: Reservation): Promise<Reserved> {
  let outcome;
  try {
    outcome = await ctx.repository.reserve(p);
  } catch (error) {
    // The guard of migrations 011 and 030 refused: the answer shows what the buyer (address) holds unpaid now.
    if (sqlState(error) === PENDING_LIMIT) {
      throw new PendingLimitError(
        await ctx.repository.pendingNumbers(p.campaignId, {
          buyerId: p.buyerId,
          proven: p.proven,
          address: p.clientAddress,
        }),
        p.caps.buyer,
      );
    }
    if (sqlState(error) === ADDRESS_LIMIT) {
      const pending = await ctx.repository.pendingNumbers(p.campaignId, { address: p.clientAddress });
      throw new AddressLimitError(pending, p.caps.address ?? pending);
    }
    // A number sold meanwhile by a transaction the statement could not see: the retry sees it and drops it.
    if (sqlState(error) === RESERVATION_FAILED) throw new StaleNumbersError([]);
    throw error;
  }
  if (outcome.reserved) return { unusedFresh: p.fresh.slice(p.count - outcome.released) };
  if (outcome.available < p.count) throw new NotEnoughTicketsError(outcome.released + p.fresh.length);
  throw new StaleNumbersError(outcome.sold);
}

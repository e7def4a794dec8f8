import type { Pagination, Sale, SalesQuery, SalesReply, SalesSortBy, SalesStatistics } from '@rifaria/shared/types';
import { CAMPAIGN_STATUS, PURCHASE_STATUS, type CampaignStatusId, type PurchaseStatusId } from '@rifaria/shared/types';
import { PURCHASE_STATUS_ID, RESERVATION_QUANTITY_MAX, SALE_NUMBERS_PREVIEW } from '@rifaria/shared/constants';
import { formatTicketNumber, parseTicketNumber } from '@rifaria/shared/format';
import { sql } from 'kysely';
import type { Executor, PurchaseStatusIdValue } from '../db/schema';
import { MASKED_CPF, maskBuyerEmail, maskBuyerPhone } from '../lib/masks';
import type { BuyerCpfCipher } from '../buyers/cpf';
import { campaignTotals, purchaseCountsByStatus, toCampaignStats } from './stats';
import { centsToReais } from '@rifaria/shared/money';

/**
 * GET /api/campaigns/{id}/sales: the organiser's sales table of one campaign (filters, sorting, paging).
 *
 * Buyer contact data: the full phone and e-mail only on Pago purchases. Anyone can put anyone's phone on a
 * pending purchase (the public flow finds the buyer by phone), so on Pendente and Cancelado rows they are masked
 * exactly as the public pages mask them, and the search matches e-mail and phone on Pago rows only (otherwise
 * searching character by character would reveal what the mask hides). The CPF is the public mask (check digits only,
 * lib/masks.ts) on Pago rows and no digit at all on the others; names are on every row.
 *
 * Searches are told apart by their shape (classifySalesSearch). Each sale of the page carries its first numbers and
 * how many more it holds (`numbers_preview`, issue 30: read for the page's rows only, SALE_NUMBERS_PREVIEW index
 * entries each); with `withNumbers` it carries all of them, zero-padded as on the checkout.
 *
 * At a million purchases (bench/scale.ts): the count without a search comes from the maintained totals, each sort
 * has its index, pages past the middle are read from the end, and the page's ids come first so skipped rows never
 * join their buyers.
 */

export { SALES_SORT_COLUMNS } from '@rifaria/shared/constants';
export type { SalesQuery, SalesSortBy } from '@rifaria/shared/types';

export interface OwnedCampaign {
  id: string;
  name: string;
  total_tickets: number;
  ticket_price_cents: string;
  status_id: number;
  status_description: string;
}

/** The campaign only when it belongs to the user (anything else, including a malformed id, is "not found"). */
export async function findOwnedCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
): Promise<OwnedCampaign | null> {
  if (!/^\d{1,18}$/.test(campaignId)) return null;
  const row = await db
    .selectFrom('campaigns as c')
    .innerJoin('campaign_statuses as s', 's.id', 'c.status_id')
    .select([
      'c.id',
      'c.name',
      'c.total_tickets',
      'c.ticket_price_cents',
      'c.status_id',
      's.description as status_description',
    ])
    .where('c.id', '=', campaignId)
    .where('c.user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Lower case without accents, the same folding as the generated buyers.name_search column. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** `text` with %, _ and \ escaped, so LIKE matches what the user typed literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Each sort's key; the purchase id ends every ORDER BY in the same direction, so pages never repeat or skip a row.
 * Every key but the buyer's name has its (campaign_id, key…, id) index (migration 045): page 1 and the last page
 * read only their own rows. A status sort lists each status newest first.
 */
const SORT_KEYS: Record<SalesSortBy, string[]> = {
  purchased_at: ['p.purchased_at'],
  total_value: ['p.total_cents'],
  total_tickets: ['p.total_tickets'],
  // Folded name: 'Álvaro' sorts with 'Alvaro', not after 'Zeca'.
  buyer_name: ['b.name_search'],
  status: ['p.status_id', 'p.purchased_at'],
};

/** The sort's key expressions, the id last (the export's keyset). */
export function salesSortKeys(sortBy: SalesSortBy): string[] {
  return [...SORT_KEYS[sortBy], 'p.id'];
}

/** ORDER BY of a sort in one direction, the id last. */
export function salesOrderBy(sortBy: SalesSortBy, ascending: boolean) {
  const direction = ascending ? sql`asc` : sql`desc`;
  return salesSortKeys(sortBy).map((key) => sql`${sql.raw(key)} ${direction}`);
}

export interface SalesListOptions {
  /** Each sale carries its ticket numbers (`numbers`). */
  withNumbers?: boolean;
}

/**
 * What a search stands for, told apart by its shape so each goes to its own index and matches only its own field
 * (an e-mail with a digit once matched every phone holding that digit):
 * - up to 8 digits: a ticket number of this campaign (campaign_tickets' primary key, then that purchase);
 * - 9 to 11 digits, or digits written as a phone ('(11) 98765'): the start of a phone (DDD first);
 * - with an '@': the start of an e-mail;
 * - anything else: part of the buyer's name, or the start of an e-mail.
 * Contact data is visible on Pago purchases only, so only they can be found by phone or e-mail (otherwise searching
 * character by character would reveal what the mask hides).
 */
export type SalesSearch =
  | { kind: 'none' }
  | { kind: 'ticket'; number: number }
  | { kind: 'phone'; digits: string }
  | { kind: 'email'; prefix: string }
  | { kind: 'name'; folded: string; emailPrefix: string };

const PHONE_SHAPE = /^[\d\s().+-]{1,25}$/;

export function classifySalesSearch(raw: string): SalesSearch {
  // The route bounds the text to 100 characters before any pattern sees it.
  const search = raw.trim();
  if (!search) return { kind: 'none' };
  const ticket = parseTicketNumber(search);
  if (ticket !== null) return { kind: 'ticket', number: ticket };
  if (PHONE_SHAPE.test(search)) {
    const digits = search.replace(/\D/g, '');
    const writtenAsPhone = /\D/.test(search) && digits.length >= 2;
    if (digits.length <= 11 && (writtenAsPhone || digits.length >= 9)) return { kind: 'phone', digits };
  }
  if (search.includes('@')) return { kind: 'email', prefix: search.toLowerCase() };
  return { kind: 'name', folded: foldForSearch(search), emailPrefix: search.toLowerCase() };
}

/**
 * The campaign's purchases with their buyers that the status filter and the search keep (no columns chosen yet);
 * null when nothing can match (a number the campaign does not have). The table and the CSV export start here.
 */
export function filteredSales(db: Executor, campaign: OwnedCampaign, statuses: readonly number[], search: SalesSearch) {
  let base = db
    .selectFrom('purchases as p')
    .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
    .where('p.campaign_id', '=', campaign.id);
  if (statuses.length > 0) base = base.where('p.status_id', 'in', statuses as PurchaseStatusIdValue[]);
  const paid = PURCHASE_STATUS_ID.paid as PurchaseStatusIdValue;
  const emailStarts = (prefix: string) => sql<boolean>`lower(b.email) like ${`${escapeLike(prefix)}%`}`;
  switch (search.kind) {
    case 'none':
      return base;
    case 'ticket':
      if (search.number >= campaign.total_tickets) return null;
      // The purchase holding the number (Pendente or Pago: a cancelled purchase gave its numbers back): one
      // primary-key lookup, then the purchase by its own key; never an OR that walks the campaign's purchases.
      return base.where('p.id', '=', (eb) =>
        eb
          .selectFrom('campaign_tickets as t')
          .select('t.purchase_id')
          .where('t.campaign_id', '=', campaign.id)
          .where('t.number', '=', search.number),
      );
    case 'phone':
      // Phones are stored as digits: '(11) 98765' finds 11987654321 (buyers_phone_prefix_idx).
      return base.where('p.status_id', '=', paid).where('b.phone', 'like', `${search.digits}%`);
    case 'email':
      return base.where('p.status_id', '=', paid).where(emailStarts(search.prefix));
    case 'name':
      return base.where((eb) =>
        eb.or([
          eb('b.name_search', 'like', `%${escapeLike(search.folded)}%`),
          eb.and([eb('p.status_id', '=', paid), emailStarts(search.emailPrefix)]),
        ]),
      );
  }
}

/** The columns a sale is presented from. */
export const SALE_COLUMNS = [
  'p.id',
  'p.total_tickets',
  'p.total_cents',
  'p.status_id',
  'p.purchased_at',
  'b.name',
  'b.phone',
  'b.email',
  'b.cpf_encrypted',
  'b.cpf_key_id',
] as const;

export interface SaleRow {
  id: string;
  total_tickets: number;
  total_cents: string;
  status_id: number;
  purchased_at: Date;
  name: string;
  phone: string;
  email: string | null;
  cpf_encrypted: Buffer;
  cpf_key_id: number;
}

/** One sale as the organiser may see it: the sales table and the CSV export both go through here. */
export function presentSale(row: SaleRow, cipher: BuyerCpfCipher): Sale {
  const paid = row.status_id === PURCHASE_STATUS_ID.paid;
  return {
    id: Number(row.id),
    buyer: {
      name: row.name,
      cpf: paid ? cipher.masked(row.cpf_encrypted, row.cpf_key_id) : MASKED_CPF,
      email: paid ? row.email : maskBuyerEmail(row.email),
      phone: paid ? row.phone : maskBuyerPhone(row.phone),
    },
    total_tickets: row.total_tickets,
    total_value: centsToReais(row.total_cents),
    status: { id: row.status_id as PurchaseStatusId, name: PURCHASE_STATUS[row.status_id as PurchaseStatusId] },
    purchased_at: row.purchased_at.toISOString(),
  };
}

/**
 * The numbers of the page's purchases, ascending, by purchase id. A purchase holds at most
 * RESERVATION_QUANTITY_MAX numbers, so the page's rows are bounded by perPage × that (also asked of the database).
 */
export async function numbersOf(
  db: Executor,
  campaign: OwnedCampaign,
  purchaseIds: string[],
  perPage: number,
): Promise<Map<string, string[]>> {
  const byPurchase = new Map<string, string[]>(purchaseIds.map((id) => [id, []]));
  if (purchaseIds.length === 0) return byPurchase;
  const rows = await db
    .selectFrom('campaign_tickets')
    .select(['purchase_id', 'number'])
    .where('campaign_id', '=', campaign.id)
    .where('purchase_id', 'in', purchaseIds)
    .orderBy('purchase_id')
    .orderBy('number')
    .limit(perPage * RESERVATION_QUANTITY_MAX)
    .execute();
  for (const row of rows) {
    byPurchase.get(String(row.purchase_id))?.push(formatTicketNumber(row.number, campaign.total_tickets));
  }
  return byPurchase;
}

/**
 * The first `limit` numbers of each purchase, ascending, and whether it holds more: one statement, each purchase an
 * ordered walk of `limit + 1` entries of campaign_tickets' (campaign_id, purchase_id, number) index (migration 053),
 * however many numbers it holds. The sales table's preview and the PDF's numbers column read them this way.
 */
export async function firstNumbersOf(
  db: Executor,
  campaign: OwnedCampaign,
  purchaseIds: string[],
  limit: number,
): Promise<Map<string, { first: string[]; hasMore: boolean }>> {
  const byPurchase = new Map<string, { first: string[]; hasMore: boolean }>();
  if (purchaseIds.length === 0) return byPurchase;
  const ids = sql.join(purchaseIds.map((id) => sql`${id}::bigint`));
  const { rows } = await sql<{ id: string; numbers: number[] | string }>`
    SELECT x.id::text AS id,
           ARRAY(SELECT t.number FROM campaign_tickets t
                  WHERE t.campaign_id = ${campaign.id} AND t.purchase_id = x.id
                  ORDER BY t.number LIMIT ${limit + 1}) AS numbers
      FROM unnest(ARRAY[${ids}]) AS x(id)`.execute(db);
  for (const row of rows) {
    const numbers = parseIntArray(row.numbers);
    byPurchase.set(row.id, {
      first: numbers.slice(0, limit).map((number) => formatTicketNumber(number, campaign.total_tickets)),
      hasMore: numbers.length > limit,
    });
  }
  return byPurchase;
}

/** An integer[] as the driver gives it: an array (pg, PGlite) or its text form ('{1,2,3}'). */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.slice(1, -1);
  return inner ? inner.split(',').map(Number) : [];
}

/** Every number of one sale of the campaign, ascending and zero-padded; null when the campaign has no such sale. */
export async function saleNumbers(db: Executor, campaign: OwnedCampaign, saleId: string): Promise<string[] | null> {
  if (!/^\d{1,18}$/.test(saleId)) return null;
  const sale = await db
    .selectFrom('purchases')
    .select('id')
    .where('campaign_id', '=', campaign.id)
    .where('id', '=', saleId)
    .executeTakeFirst();
  if (!sale) return null;
  return (await numbersOf(db, campaign, [saleId], 1)).get(saleId) ?? [];
}

/**
 * How many rows the filters keep. Without a search the campaign's maintained totals answer (no rescan of a million
 * purchases); a search is narrow by construction (a ticket, a phone, an e-mail) or a name.
 */
export async function countSales(
  db: Executor,
  campaign: OwnedCampaign,
  statuses: readonly number[],
  search: SalesSearch,
  base: ReturnType<typeof filteredSales>,
): Promise<number> {
  if (!base) return 0;
  if (search.kind === 'none') {
    const counts = await purchaseCountsByStatus(db, campaign.id);
    const wanted = statuses.length > 0 ? statuses : [...counts.keys()];
    return wanted.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  }
  const row = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function listSales(
  db: Executor,
  cipher: BuyerCpfCipher,
  campaign: OwnedCampaign,
  query: SalesQuery,
  options: SalesListOptions = {},
  now: Date = new Date(),
): Promise<Omit<SalesReply, 'success' | 'message'>> {
  const search = classifySalesSearch(query.buyerSearch);
  const base = filteredSales(db, campaign, query.statuses, search);
  const [total, totals] = await Promise.all([
    countSales(db, campaign, query.statuses, search, base),
    campaignTotals(db, [campaign.id], now),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const offset = (query.page - 1) * query.perPage;

  let rows: SaleRow[] = [];
  if (base && offset < total) {
    // Pages past the middle are read from the other end: the last page skips as few rows as page 1.
    const fromEnd = offset + query.perPage / 2 > total / 2;
    const ascending = (query.sortOrder === 'asc') !== fromEnd;
    const take = Math.min(query.perPage, total - offset);
    // Ids first (skipped rows touch only the index), then the page's rows with their buyers.
    const page = await base
      .select('p.id')
      .orderBy(salesOrderBy(query.sortBy, ascending))
      .limit(take)
      .offset(fromEnd ? total - offset - take : offset)
      .execute();
    const ids = page.map((row) => String(row.id));
    if (fromEnd) ids.reverse();
    if (ids.length > 0) {
      const found = await db
        .selectFrom('purchases as p')
        .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
        .select(SALE_COLUMNS)
        .where('p.campaign_id', '=', campaign.id)
        .where('p.id', 'in', ids)
        .execute();
      const byId = new Map(found.map((row) => [String(row.id), row]));
      rows = ids.flatMap((id) => byId.get(id) ?? []);
    }
  }
  const numbers = options.withNumbers
    ? await numbersOf(
        db,
        campaign,
        rows.map((row) => String(row.id)),
        query.perPage,
      )
    : null;

  const previews = await firstNumbersOf(
    db,
    campaign,
    rows.map((row) => String(row.id)),
    SALE_NUMBERS_PREVIEW,
  );

  const data: Sale[] = rows.map((row) => {
    const sale = presentSale(row, cipher);
    if (numbers) sale.numbers = numbers.get(String(row.id)) ?? [];
    const preview = previews.get(String(row.id));
    // A live purchase holds exactly its total_tickets numbers: the rest of the list is total_tickets − shown.
    sale.numbers_preview = {
      first: preview?.first ?? [],
      more: preview?.hasMore ? row.total_tickets - preview.first.length : 0,
    };
    return sale;
  });

  const pagination: Pagination = {
    current_page: query.page,
    per_page: query.perPage,
    total,
    last_page: lastPage,
    has_more_pages: query.page < lastPage,
    from: data.length > 0 ? offset + 1 : null,
    to: data.length > 0 ? offset + data.length : null,
  };

  const campaignTotal = totals.get(campaign.id);
  const stats = toCampaignStats(campaign.total_tickets, campaignTotal);
  const statistics: SalesStatistics = {
    total_sales: campaignTotal?.paidCount ?? 0,
    total_revenue: stats.total_revenue,
    total_tickets_sold: stats.tickets_sold,
    tickets_available: stats.tickets_available,
  };

  const statusId = campaign.status_id as CampaignStatusId;
  return {
    data,
    pagination,
    statistics,
    campaign: {
      id: Number(campaign.id),
      name: campaign.name,
      ticket_price: centsToReais(campaign.ticket_price_cents),
      total_tickets: campaign.total_tickets,
      status: { id: statusId, description: campaign.status_description ?? CAMPAIGN_STATUS[statusId] },
    },
  };
}

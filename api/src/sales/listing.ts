import type { Pagination, Sale, SalesQuery, SalesReply, SalesSortBy, SalesStatistics } from '@rifaria/shared/types';
import { CAMPAIGN_STATUS, PURCHASE_STATUS, type CampaignStatusId } from '@rifaria/shared/types';
import { PURCHASE_STATUS_ID, RESERVATION_QUANTITY_MAX } from '@rifaria/shared/constants';
import { formatTicketNumber, parseTicketNumber } from '@rifaria/shared/format';
import { sql, type SqlBool, type Expression } from 'kysely';
import type { Executor } from '../db/schema';
import { maskBuyerEmail, maskBuyerPhone } from '../lib/masks';
import type { BuyerCpfCipher } from '../buyers/cpf';
import { campaignTotals, toCampaignStats } from './stats';
import { centsToReais } from '@rifaria/shared/money';

/**
 * GET /api/campaigns/{id}/sales: the organiser's sales table of one campaign (filters, sorting, paging).
 *
 * Buyer contact data: the full phone and e-mail only on Pago purchases. Anyone can put anyone's phone on a
 * pending purchase (the public flow finds the buyer by phone), so on Pendente and Cancelado rows they are masked
 * exactly as the public pages mask them, and the search matches e-mail and phone on Pago rows only (otherwise
 * searching character by character would reveal what the mask hides). Names and masked CPFs are on every row.
 *
 * Ticket numbers (issue 13): a search of digits only, up to 8 ('42', '0042'), also finds the purchase holding that
 * number of this campaign (Pendente or Pago: a cancelled purchase gave its numbers back) — one primary-key lookup in
 * campaign_tickets. With `withNumbers` each sale of the page carries its numbers, zero-padded as on the checkout.
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

/** A LIKE pattern that matches `text` literally anywhere (%, _ and \ typed by the user are not wildcards). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORT_EXPRESSIONS: Record<SalesSortBy, string> = {
  purchased_at: 'p.purchased_at',
  total_value: 'p.total_cents',
  total_tickets: 'p.total_tickets',
  // Folded name: 'Álvaro' sorts with 'Alvaro', not after 'Zeca'.
  buyer_name: 'b.name_search',
  status: 'p.status_id',
};

export interface SalesListOptions {
  /** Each sale carries its ticket numbers (`numbers`). */
  withNumbers?: boolean;
}

/** The ticket number a search stands for, when it is one this campaign has (0..total_tickets-1). */
function searchedTicketNumber(search: string, campaign: OwnedCampaign): number | null {
  const number = parseTicketNumber(search);
  return number !== null && number < campaign.total_tickets ? number : null;
}

/**
 * The numbers of the page's purchases, ascending, by purchase id. A purchase holds at most
 * RESERVATION_QUANTITY_MAX numbers, so the page's rows are bounded by perPage × that (also asked of the database).
 */
async function numbersOf(
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

export async function listSales(
  db: Executor,
  cipher: BuyerCpfCipher,
  campaign: OwnedCampaign,
  query: SalesQuery,
  options: SalesListOptions = {},
  now: Date = new Date(),
): Promise<Omit<SalesReply, 'success' | 'message'>> {
  let base = db
    .selectFrom('purchases as p')
    .innerJoin('buyers as b', 'b.id', 'p.buyer_id')
    .where('p.campaign_id', '=', campaign.id);
  if (query.statuses.length > 0) base = base.where('p.status_id', 'in', query.statuses);
  const search = query.buyerSearch.trim();
  if (search) {
    const folded = foldForSearch(search);
    const digits = search.replace(/\D/g, '');
    const ticket = searchedTicketNumber(search, campaign);
    base = base.where((eb) => {
      const contact: Expression<SqlBool>[] = [
        eb(sql<string>`lower(b.email)`, 'like', containsPattern(search.toLowerCase())),
      ];
      // Phones are stored as digits: '(11) 98765' finds 11987654321.
      if (digits) contact.push(eb('b.phone', 'like', containsPattern(digits)));
      const matches: Expression<SqlBool>[] = [
        eb('b.name_search', 'like', containsPattern(folded)),
        // Contact data is visible on paid purchases only, so only they can be found by it.
        eb.and([eb('p.status_id', '=', PURCHASE_STATUS_ID.paid), eb.or(contact)]),
      ];
      if (ticket !== null) {
        // The purchase holding the number: at most one row, found by campaign_tickets' primary key.
        matches.push(
          eb(
            'p.id',
            '=',
            eb
              .selectFrom('campaign_tickets as t')
              .select('t.purchase_id')
              .where('t.campaign_id', '=', campaign.id)
              .where('t.number', '=', ticket),
          ),
        );
      }
      return eb.or(matches);
    });
  }

  const [countRow, totals] = await Promise.all([
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    campaignTotals(db, [campaign.id], now),
  ]);
  const total = Number(countRow.total);
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const offset = (query.page - 1) * query.perPage;

  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const rows =
    offset >= total
      ? []
      : await base
          .select([
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
          ])
          // Tie-break by id in the same direction so pages never repeat or skip a row.
          .orderBy(sql`${sql.raw(SORT_EXPRESSIONS[query.sortBy])} ${direction}`)
          .orderBy(sql`p.id ${direction}`)
          .limit(query.perPage)
          .offset(offset)
          .execute();
  const numbers = options.withNumbers
    ? await numbersOf(
        db,
        campaign,
        rows.map((row) => String(row.id)),
        query.perPage,
      )
    : null;

  const data: Sale[] = rows.map((row) => {
    const paid = row.status_id === PURCHASE_STATUS_ID.paid;
    const sale: Sale = {
      id: Number(row.id),
      buyer: {
        name: row.name,
        cpf: cipher.masked(row.cpf_encrypted, row.cpf_key_id),
        email: paid ? row.email : maskBuyerEmail(row.email),
        phone: paid ? row.phone : maskBuyerPhone(row.phone),
      },
      total_tickets: row.total_tickets,
      total_value: centsToReais(row.total_cents),
      status: { id: row.status_id, name: PURCHASE_STATUS[row.status_id] },
      purchased_at: row.purchased_at.toISOString(),
    };
    if (numbers) sale.numbers = numbers.get(String(row.id)) ?? [];
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

import { amendmentsOf } from '../draws/amendments';
import {
  CAMPAIGN_STATUS_ID,
  DRAW_TYPE_ID,
  RESERVATION_QUANTITY_MAX,
  SALES_CLOSE_BEFORE_DRAW_MS,
} from '@rifaria/shared/constants';
import { formatDateTime } from '@rifaria/shared/format';
import { CAMPAIGN_STATUS, type CampaignStatusId, type PublicCampaign } from '@rifaria/shared/types';
import type { Executor } from '../db/schema';
import { bannerImageOf, bannerUrlOf, CAMPAIGN_COLUMNS, saoPauloDatetime, type CampaignColumns } from './presenter';
import { isCampaignLink } from './slug';
import { campaignTotals, salesPercentage, toCampaignStats } from '../sales/stats';
import { publicRulesHtml } from './rules';
import { centsToReais } from '@rifaria/shared/money';
import { drawRuleText } from '../draws/rules';

/**
 * Statuses a public page shows: Publicada (buyable), Finalizada (read-only) and Suspensa (issue 32: the page says
 * 'Campanha suspensa', nothing can be bought). Drafts and cancelled ones are 404.
 */
export const PUBLIC_CAMPAIGN_STATUSES = [
  CAMPAIGN_STATUS_ID.published,
  CAMPAIGN_STATUS_ID.finished,
  CAMPAIGN_STATUS_ID.suspended,
] as const;

export interface PublicCampaignRecord extends CampaignColumns {
  organizer_name: string;
  organizer_phone: string | null;
}

/**
 * A published or finished campaign by its public link, with its organiser as 'Configurações' sets them (the chosen
 * display name, else the account's; the chosen WhatsApp, else none: never the account's phone); undefined for
 * anything else.
 */
export async function findPublicCampaign(db: Executor, link: string): Promise<PublicCampaignRecord | undefined> {
  if (!isCampaignLink(link)) return undefined;
  return db
    .selectFrom('campaigns as c')
    .innerJoin('campaign_draw_types as dt', 'dt.id', 'c.draw_type_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('user_settings as s', 's.user_id', 'c.user_id')
    .select((eb) => [
      ...CAMPAIGN_COLUMNS,
      eb.fn.coalesce('s.public_name', 'u.name').as('organizer_name'),
      's.public_whatsapp as organizer_phone',
    ])
    .where('c.link', '=', link)
    .where('c.status_id', 'in', [...PUBLIC_CAMPAIGN_STATUSES])
    .executeTakeFirst();
}

/**
 * Sold-out, past-draw-date and finished campaigns are shown but not buyable; nor is one whose draw is less than
 * SALES_CLOSE_BEFORE_DRAW_MS away (POST /public/purchases refuses it: no time left to pay).
 */
export function acceptsPurchases(
  record: Pick<PublicCampaignRecord, 'status_id' | 'draw_at'>,
  available: number,
  now: Date,
) {
  return (
    record.status_id === CAMPAIGN_STATUS_ID.published &&
    (record.draw_at === null || record.draw_at.getTime() - SALES_CLOSE_BEFORE_DRAW_MS > now.getTime()) &&
    available > 0
  );
}

/** GET /public/campaigns/{link}: the campaign page's data, computed from the purchases at the time of the call. */
export async function publicCampaign(
  db: Executor,
  record: PublicCampaignRecord,
  /** Where full_url points: lib/public-origin.ts linkOriginOf. */
  origin: string,
  now: Date = new Date(),
): Promise<PublicCampaign> {
  const [awards, totals, amendments] = await Promise.all([
    db
      .selectFrom('campaign_awards')
      .select(['position', 'description', 'value_cents'])
      .where('campaign_id', '=', record.id)
      .orderBy('position')
      .execute(),
    campaignTotals(db, [record.id], now),
    amendmentsOf(db, record.id),
  ]);
  const stats = toCampaignStats(record.total_tickets, totals.get(String(record.id)));
  const statusId = record.status_id as CampaignStatusId;
  return {
    name: record.name,
    title: record.name,
    link: record.link,
    full_url: `${origin}/p/${record.link}`,
    banner_image: bannerUrlOf(record),
    banner: bannerImageOf(record),
    ticket_price: centsToReais(record.ticket_price_cents),
    total_tickets: record.total_tickets,
    draw_datetime: record.draw_at ? saoPauloDatetime(record.draw_at) : null,
    draw_date: record.draw_at ? record.draw_at.toISOString() : null,
    draw_date_formatted: record.draw_at ? formatDateTime(record.draw_at) : null,
    draw_type: { id: record.draw_type_id, description: record.draw_type_description },
    draw_commitment: record.draw_type_id === DRAW_TYPE_ID.rifaria ? record.draw_commitment : null,
    draw_rule: drawRuleText(record.draw_type_id, record.total_tickets),
    drawn: record.drawn_at !== null,
    status: { id: statusId, description: CAMPAIGN_STATUS[statusId] },
    organizer: { name: record.organizer_name, whatsapp: record.organizer_phone },
    awards: awards.map((award) => ({
      id: award.position,
      description: award.description,
      value: award.value_cents === null ? null : centsToReais(award.value_cents),
      position: award.position,
    })),
    rules: publicRulesHtml(record.rules),
    stats: {
      sales_percentage: salesPercentage(stats.tickets_sold, record.total_tickets),
      tickets_available: stats.tickets_available,
      tickets_paid: stats.tickets_sold,
    },
    accepting_purchases: acceptsPurchases(record, stats.tickets_available, now),
    max_tickets_per_purchase: RESERVATION_QUANTITY_MAX,
    amendments,
  };
}

/**
 * Amendments (issue 30): once a number of a campaign is reserved, its price and prizes are locked and its rules and
 * draw date change only through an amendment, which is stored (campaign_amendments, migration 048), shown on the
 * public, result and panel pages, sent to every buyer with a paid purchase, and put in the verification file.
 */
import { formatDate, formatDateTime } from '@rifaria/shared/format';
import type { CampaignAmendment } from '@rifaria/shared/types';
import type { Executor } from '../db/schema';

export interface AmendmentRow {
  id: string;
  campaign_id: string;
  created_at: Date;
  note: string;
  rules_after: string | null;
  draw_at_before: Date | null;
  draw_at_after: Date | null;
}

export function presentAmendment(row: AmendmentRow): CampaignAmendment {
  return {
    id: Number(row.id),
    created_at: row.created_at.toISOString(),
    // 'dd/mm': the day, as 'Alteração do regulamento em 28/11: …' reads.
    date_formatted: formatDate(row.created_at).slice(0, 5),
    note: row.note,
    rules_changed: row.rules_after !== null,
    draw_date_before_formatted: row.draw_at_after && row.draw_at_before ? formatDateTime(row.draw_at_before) : null,
    draw_date_after_formatted: row.draw_at_after ? formatDateTime(row.draw_at_after) : null,
  };
}

/** The campaign's amendments, oldest first (a campaign has a handful: no paging). */
export async function amendmentsOf(db: Executor, campaignId: string | number): Promise<CampaignAmendment[]> {
  const rows = await db
    .selectFrom('campaign_amendments')
    .select(['id', 'campaign_id', 'created_at', 'note', 'rules_after', 'draw_at_before', 'draw_at_after'])
    .where('campaign_id', '=', String(campaignId))
    .orderBy('id')
    .execute();
  return rows.map((row) => presentAmendment(row as AmendmentRow));
}

/** Whether any number of the campaign was ever reserved (any purchase, whatever became of it). */
export async function hasReservations(db: Executor, campaignId: string | number): Promise<boolean> {
  const row = await db
    .selectFrom('purchases')
    .select('id')
    .where('campaign_id', '=', String(campaignId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

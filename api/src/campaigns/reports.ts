import { CAMPAIGN_STATUS_ID } from '@rifaria/shared/constants';
import { CAMPAIGN_STATUS, type AdminCampaignReport, type CampaignStatusId } from '@rifaria/shared/types';
import type { Kysely } from 'kysely';
import type { CampaignReportReason, Database } from '../db/schema';
import { isCampaignLink } from './slug';

/**
 * 'Denunciar campanha' (issue 32): a buyer's report on a public campaign (Publicada, Finalizada or Suspensa), queued
 * for the operators (GET /api/admin/campaign-reports), resolved when an operator suspends or cancels the campaign.
 */
export class CampaignReportsService {
  constructor(private readonly db: Kysely<Database>) {}

  /** POST /public/campaigns/{link}/reports: false when no public campaign has this link. */
  async create(
    link: string,
    input: { reason: CampaignReportReason; description: string; phone?: string },
    address: string | null,
  ): Promise<boolean> {
    if (!isCampaignLink(link)) return false;
    const campaign = await this.db
      .selectFrom('campaigns')
      .select('id')
      .where('link', '=', link)
      .where('status_id', 'in', [
        CAMPAIGN_STATUS_ID.published,
        CAMPAIGN_STATUS_ID.finished,
        CAMPAIGN_STATUS_ID.suspended,
      ])
      .executeTakeFirst();
    if (!campaign) return false;
    await this.db
      .insertInto('campaign_reports')
      .values({
        campaign_id: campaign.id,
        reason: input.reason,
        description: input.description,
        phone: input.phone ? input.phone : null,
        client_address: address?.slice(0, 64) ?? null,
      })
      .execute();
    return true;
  }

  /** GET /api/admin/campaign-reports?status=: the newest first, 200 at most. */
  async list(status: 'open' | 'resolved'): Promise<{ items: AdminCampaignReport[]; total: number }> {
    const rows = await this.db
      .selectFrom('campaign_reports as r')
      .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
      .select([
        'r.id',
        'r.reason',
        'r.description',
        'r.phone',
        'r.status',
        'r.created_at',
        'c.id as campaign_id',
        'c.name',
        'c.link',
        'c.status_id',
      ])
      .where('r.status', '=', status)
      .orderBy('r.created_at', 'desc')
      .limit(200)
      .execute();
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        campaign: {
          id: Number(row.campaign_id),
          name: row.name,
          link: row.link,
          status: {
            id: row.status_id as CampaignStatusId,
            description: CAMPAIGN_STATUS[row.status_id as CampaignStatusId],
          },
        },
        reason: row.reason,
        description: row.description,
        phone: row.phone,
        status: row.status,
        created_at: row.created_at.toISOString(),
      })),
      total: rows.length,
    };
  }
}

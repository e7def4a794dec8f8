/** POST /public/campaigns/{link}/reports: 'Denunciar campanha' (issue 32); the reply's message thanks the buyer. */
import { api } from '@rifaria/shared/api-client';
import type { CampaignReportReason } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

export interface CampaignReport {
  reason: CampaignReportReason;
  description: string;
  /** Digits or as typed; left out when empty. */
  phone?: string;
}

export async function reportCampaign(link: string, report: CampaignReport): Promise<string> {
  const reply = await api
    .post(`/public/campaigns/${encodeURIComponent(link)}/reports`, anonymous({ json: report }))
    .json<{ message: string }>();
  return reply.message;
}

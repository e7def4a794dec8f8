/** The operators' campaigns and reports (issue 32, api/src/admin/campaigns-routes.ts). */
import { api } from '@rifaria/shared/api-client';
import type { AdminCampaign, AdminCampaignReport } from '@rifaria/shared/types';

export const listReports = (status: string, signal: AbortSignal) =>
  api
    .get('/api/admin/campaign-reports', { searchParams: { status }, signal })
    .json<{ items: AdminCampaignReport[]; total: number }>();

export const listCampaigns = (query: { q: string; status: string }, signal: AbortSignal) =>
  api
    .get('/api/admin/campaigns', {
      searchParams: { q: query.q, ...(query.status ? { status: query.status } : {}) },
      signal,
    })
    .json<{ items: AdminCampaign[]; total: number }>();

export type CampaignAction = 'suspend' | 'reinstate' | 'cancel';

export const actOnCampaign = (id: number, action: CampaignAction, reason?: string) =>
  api.post(`/api/admin/campaigns/${id}/${action}`, reason === undefined ? {} : { json: { reason } });

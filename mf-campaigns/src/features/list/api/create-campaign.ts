/** POST /api/campaigns — the spec's create payload; the campaign starts as draft (status 1 Rascunho). */
import { api } from '@rifaria/shared/api-client';
import type { Campaign } from '@rifaria/shared/types';

export interface CreateCampaignPayload {
  name: string;
  draw_type_id: number;
  total_tickets: number;
  /** Reais as a number (12.5), not centavos. */
  ticket_price: number;
  rules: string;
  /** Always null: the banner is uploaded after creation (POST /api/campaigns/{id}/upload-banner). */
  banner_image: null;
  /** 'YYYY-MM-DD HH:MM:00' (São Paulo wall clock) or null. */
  draw_datetime: string | null;
  user_wallet_id: number;
  awards: { description: string; value: number | null }[];
}

export interface CreateCampaignReply {
  success: true;
  message: string;
  data: Campaign;
}

export async function createCampaign(payload: CreateCampaignPayload): Promise<CreateCampaignReply> {
  return api.post('/api/campaigns', { json: payload }).json<CreateCampaignReply>();
}

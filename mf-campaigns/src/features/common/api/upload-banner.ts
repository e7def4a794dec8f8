/** POST /api/campaigns/{id}/upload-banner — multipart field `banner` (PNG or JPG, at most 5 MB). */
import { api } from '@rifaria/shared/api-client';
import { BANNER_MAX_BYTES, BANNER_MIME_TYPES } from '@rifaria/shared/constants';
import type { ApiSuccess, Campaign } from '@rifaria/shared/types';

export const BANNER_MESSAGES = {
  type: 'O banner deve ser uma imagem PNG ou JPG.',
  size: 'O banner deve ter no máximo 5 MB.',
} as const;

/**
 * The client-side check before uploading (the server checks again by magic bytes): saves a 5 MB upload that would
 * be refused anyway. Returns the pt-BR message, or null when the file may go.
 */
export function checkBannerFile(file: File): string | null {
  const byType = (BANNER_MIME_TYPES as readonly string[]).includes(file.type);
  // Some systems give no MIME type: fall back to the extension; the server has the last word.
  const byName = file.type === '' && /\.(png|jpe?g)$/i.test(file.name);
  if (!byType && !byName) return BANNER_MESSAGES.type;
  if (file.size > BANNER_MAX_BYTES) return BANNER_MESSAGES.size;
  return null;
}

export async function uploadBanner(id: number, file: File): Promise<Campaign> {
  const body = new FormData();
  body.append('banner', file);
  const reply = await api.post(`/api/campaigns/${id}/upload-banner`, { body }).json<ApiSuccess<Campaign>>();
  return reply.data;
}

/**
 * GET /public/campaigns/{link}/result: the draw's public result (winners' names masked) and what anyone needs to
 * check it. 404 before the draw (or for an unknown link). Used by the result page and the campaign page's
 * 'Sorteio realizado' card.
 */
import { api } from '@rifaria/shared/api-client';
import type { DrawResult } from '@rifaria/shared/types';
import { anonymous, type PublicReply } from './anonymous';

export async function getDrawResult(link: string, signal?: AbortSignal): Promise<PublicReply<DrawResult>> {
  return api
    .get(`/public/campaigns/${encodeURIComponent(link)}/result`, anonymous({ signal }))
    .json<PublicReply<DrawResult>>();
}

/** GET /public/campaigns/{link}/result and its load states (a 404 is "not drawn yet", not an error). */
import type { DrawResult } from '@rifaria/shared/types';
import { getDrawResult } from '../api/get-draw-result';
import { LOAD_TIMEOUT_MESSAGE, usePublicLoad, type PublicLoad } from './use-public-load';

export const DRAW_RESULT_LOAD_MESSAGES = {
  timeout: LOAD_TIMEOUT_MESSAGE,
  failed: 'Erro ao carregar o resultado do sorteio. Tente novamente.',
} as const;

/** 'not-found': a 404 (or success false), no draw yet for this link. */
export type DrawResultLoad = PublicLoad<DrawResult>;

export function useDrawResult(link: string): { load: DrawResultLoad; reload: () => void } {
  return usePublicLoad((signal) => getDrawResult(link, signal), link, DRAW_RESULT_LOAD_MESSAGES.failed);
}

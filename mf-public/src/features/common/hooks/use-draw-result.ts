/** GET /public/campaigns/{link}/result and its load states (a 404 is "not drawn yet", not an error). */
import { isHttpError, readApiError } from '@rifaria/shared/api-client';
import type { DrawResult } from '@rifaria/shared/types';
import { useRequest } from '@rifaria/shared/ui';
import { getDrawResult } from '../api/get-draw-result';

export const DRAW_RESULT_LOAD_MESSAGES = {
  timeout: 'Tempo limite excedido. Verifique sua conexão.',
  failed: 'Erro ao carregar o resultado do sorteio. Tente novamente.',
} as const;

export type DrawResultLoad =
  | { state: 'loading' }
  | { state: 'ready'; result: DrawResult }
  /** 404 (or success false): no draw yet for this link. */
  | { state: 'not-found' }
  | { state: 'error'; message: string };

export function useDrawResult(link: string): { load: DrawResultLoad; reload: () => void } {
  const { status, data, error, reload } = useRequest((signal) => getDrawResult(link, signal), [link]);
  let load: DrawResultLoad;
  if (status === 'loading') load = { state: 'loading' };
  else if (status === 'ready' && data) {
    load = data.success ? { state: 'ready', result: data.data } : { state: 'not-found' };
  } else if (isHttpError(error, 404)) load = { state: 'not-found' };
  else {
    const { kind } = readApiError(error);
    load = {
      state: 'error',
      message: kind === 'timeout' ? DRAW_RESULT_LOAD_MESSAGES.timeout : DRAW_RESULT_LOAD_MESSAGES.failed,
    };
  }
  return { load, reload };
}

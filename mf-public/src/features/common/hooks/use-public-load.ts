/** A public GET's load states: the campaign page's and the draw result's (spec section 8 "Public pages"). */
import { isHttpError, readApiError } from '@rifaria/shared/api-client';
import { useRequest } from '@rifaria/shared/ui';
import type { PublicReply } from '../api/anonymous';

export const LOAD_TIMEOUT_MESSAGE = 'Tempo limite excedido. Verifique sua conexão.';

export type PublicLoad<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  /** A 404, or a success=false reply; `message`: what the server said, if anything. */
  | { state: 'not-found'; message: string | null }
  /** A time-out ('Tempo limite excedido…') or any other failure (`failed`). */
  | { state: 'error'; message: string };

/** `request` held by useRequest (started from `seed` when the server already sent the reply), as a PublicLoad. */
export function usePublicLoad<T>(
  request: (signal: AbortSignal) => Promise<PublicReply<T>>,
  link: string,
  failed: string,
  seed?: PublicReply<T>,
): { load: PublicLoad<T>; reload: () => void } {
  const { status, data, error, reload } = useRequest(request, [link], seed);
  let load: PublicLoad<T>;
  if (status === 'loading') load = { state: 'loading' };
  else if (status === 'ready' && data) {
    load = data.success ? { state: 'ready', data: data.data } : { state: 'not-found', message: data.message ?? null };
  } else if (isHttpError(error, 404)) load = { state: 'not-found', message: null };
  else load = { state: 'error', message: readApiError(error).kind === 'timeout' ? LOAD_TIMEOUT_MESSAGE : failed };
  return { load, reload };
}

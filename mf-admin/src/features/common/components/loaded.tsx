/**
 * Every console screen's states around one useRequest: loading, the load's error with 'Tentar novamente', a 404 as
 * 'not found', the empty answer, then the data.
 */
import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { isHttpError, readApiError } from '@rifaria/shared/api-client';
import { PageLoader, RetryAlert, type RequestState } from '@rifaria/shared/ui';

export const LOADING_LABEL = 'Carregando...';

/** 'Não foi possível carregar a fila.' plus the server's own message when it gave one. */
export function loadFailedText(what: string, error: unknown): string {
  const { message } = readApiError(error);
  return [`Não foi possível carregar ${what}.`, message].filter(Boolean).join(' ');
}

/** What a screen reads of a useRequest. */
export type LoadState<T> = Pick<RequestState<T>, 'status' | 'data' | 'error' | 'reload'>;

export interface LoadedProps<T> {
  state: LoadState<T>;
  /** What is loaded, for the error: 'a fila de abertura de contas'. */
  what: string;
  /** The answer has nothing to show (the empty state is shown instead). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Shown for a 404 (a detail whose id does not exist). */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}

export function Loaded<T>({ state, what, isEmpty, empty, notFound, children }: LoadedProps<T>) {
  if (state.status === 'error') {
    if (notFound && isHttpError(state.error, 404)) return <Alert severity="warning">{notFound}</Alert>;
    return <RetryAlert onRetry={state.reload}>{loadFailedText(what, state.error)}</RetryAlert>;
  }
  if (state.data === null) return <PageLoader label={LOADING_LABEL} minHeight={200} />;
  if (isEmpty?.(state.data)) return <Alert severity="info">{empty}</Alert>;
  return <>{children(state.data)}</>;
}

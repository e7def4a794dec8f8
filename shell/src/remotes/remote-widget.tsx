import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { Skeleton, Typography } from '@mui/material';
import { loadRemoteWidget, type RemoteWidgetId } from './load-remote';

export const REMOTE_WIDGET_FALLBACK = 'Não foi possível carregar este quadro agora.';

interface Props {
  /** Exposed module, e.g. 'mf_wallet/WalletCard'. */
  id: RemoteWidgetId;
  /** What to show when the remote fails (default: a small pt-BR line). `null` renders nothing. */
  fallback?: ReactNode;
  /** Placeholder while loading (default: a skeleton of `minHeight`). */
  loading?: ReactNode;
  minHeight?: number;
}

/**
 * A widget exposed by a remote, embedded in a shell page (the dashboard). Unlike RemoteRoute it never takes the
 * page over: a failed load or render shows a one-line fallback in its own slot and the rest of the page works.
 */
export function RemoteWidget({ id, fallback, loading, minHeight = 120 }: Props) {
  const Widget = useMemo(() => lazy(() => loadRemoteWidget(id)), [id]);
  const failed =
    fallback === undefined ? (
      <Typography variant="body2" color="text.secondary" role="status">
        {REMOTE_WIDGET_FALLBACK}
      </Typography>
    ) : (
      fallback
    );
  return (
    <ErrorBoundary label={`widget "${id}"`} fallback={failed}>
      <Suspense fallback={loading ?? <Skeleton variant="rounded" height={minHeight} aria-label="Carregando..." />}>
        <Widget />
      </Suspense>
    </ErrorBoundary>
  );
}

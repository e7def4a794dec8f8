import { Component, Suspense, lazy, useMemo } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
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
    <WidgetBoundary id={id} fallback={failed}>
      <Suspense fallback={loading ?? <Skeleton variant="rounded" height={minHeight} aria-label="Carregando..." />}>
        <Widget />
      </Suspense>
    </WidgetBoundary>
  );
}

class WidgetBoundary extends Component<{ id: string; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[rifaria] widget "${this.props.id}" falhou`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

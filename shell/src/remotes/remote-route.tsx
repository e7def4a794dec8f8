import { Box, CircularProgress, Typography } from '@mui/material';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { loadRemoteApp } from './load-remote';
import type { RemoteName } from './load-remote';
import { RemoteUnavailable } from './remote-unavailable';

export const REMOTE_LOADING_LABEL = 'Carregando...';

/**
 * Mounts a remote's `./App` under a splat route of the shell, e.g.
 *   <Route path="/carteiras/*" element={<RemoteRoute remote="mf_wallet" />} />
 * Mount points (contract with the remotes, whose <Routes> are RELATIVE to these):
 *   /campanhas/*            → mf_campaigns
 *   /carteiras/*, /carteira/* → mf_wallet
 *   /perfil/*, /configuracoes/* → mf_profile
 *   /whatsapp/*             → mf_whatsapp
 *   /p/*                    → mf_public
 *   /admin/*                → mf_admin (the operators' console, outside the admin layout)
 * A failure (load or render) stays inside this route: pt-BR fallback + "Tentar novamente", which retries the load
 * in place (no page reload) while the sidebar and the other routes keep working.
 */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  // key: two remotes rendered at the same outlet must not share state (a failed mf_wallet must not taint mf_profile).
  return <RemoteSection key={remote} remote={remote} />;
}

function RemoteSection({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a rejected lazy forever. `attempt` is the cache key on purpose.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const RemoteApp = useMemo(() => lazy(() => loadRemoteApp(remote)), [remote, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    // attempt > 0: this failure came after at least one in-place retry, so a page reload is offered too.
    <ErrorBoundary
      label={`seção "${remote}"`}
      resetKey={attempt}
      fallback={<RemoteUnavailable onRetry={retry} offerReload={attempt > 0} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        <RemoteApp />
      </Suspense>
    </ErrorBoundary>
  );
}

export function RemoteLoading() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 8 }}
    >
      <CircularProgress size={28} aria-hidden="true" />
      <Typography color="text.secondary">{REMOTE_LOADING_LABEL}</Typography>
    </Box>
  );
}

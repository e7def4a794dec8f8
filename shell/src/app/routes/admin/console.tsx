/**
 * The operators' back office (issue 32): mf_admin under /admin/*, outside the organiser's layout. Its login and the
 * invite's page are open; every other /admin address asks GET /api/admin/me first. That route answers an organiser,
 * a buyer or nobody with the same 404 as an unknown route, and so does this page: the organiser's 404, and the
 * console's code is never downloaded for them.
 */
import { useLocation } from 'react-router-dom';
import { api, isHttpError } from '@rifaria/shared/api-client';
import { PageLoader, RetryAlert, useRequest } from '@rifaria/shared/ui';
import { paths } from '../../../config/paths';
import { RemoteRoute } from '../../../remotes/remote-route';
import NotFoundRoute from '../errors/not-found';

/** The console's pages an operator opens before signing in. */
const OPEN_PATHS: readonly string[] = [paths.adminLogin.path, paths.adminInvite.path];

export const OPERATOR_CHECK_FAILED = 'Não foi possível abrir o painel de operação.';

export default function AdminConsoleRoute() {
  const { pathname } = useLocation();
  const open = OPEN_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  return open ? <RemoteRoute remote="mf_admin" /> : <OperatorsOnly />;
}

function OperatorsOnly() {
  const operator = useRequest((signal) => api.get('/api/admin/me', { signal }).json<unknown>(), []);
  if (operator.status === 'error') {
    if (isHttpError(operator.error, 404)) return <NotFoundRoute />;
    return (
      <RetryAlert onRetry={operator.reload} sx={{ m: 3 }}>
        {OPERATOR_CHECK_FAILED}
      </RetryAlert>
    );
  }
  if (operator.status === 'loading' && operator.data === null) return <PageLoader minHeight="100dvh" />;
  return <RemoteRoute remote="mf_admin" />;
}

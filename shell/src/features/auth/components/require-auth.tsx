import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@rifaria/shared/session';
import { paths } from '../../../config/paths';

/**
 * Protected routes: a stored user is enough (spec section 2: the guard does not check validity). The session itself
 * is an HttpOnly cookie no script can see: the signed-in area asks GET /api/auth/me on mount, and an expired or
 * revoked session comes back as a 401, which the API client turns into a logout. Otherwise /login, remembering the
 * way back.
 */
export function RequireAuth() {
  const signedIn = useSession((state) => state.user !== null);
  const location = useLocation();
  if (!signedIn) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.getHref(target)} replace state={{ from: target }} />;
  }
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@rifaria/shared/session';
import { paths } from '../../../config/paths';

/**
 * Protected routes: a stored token is enough (spec section 2: the guard does not check validity; an expired
 * token comes back as a 401, which the API client turns into a logout). Otherwise /login, remembering the way back.
 */
export function RequireAuth() {
  const token = useSession((state) => state.token);
  const location = useLocation();
  if (!token) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.getHref(target)} replace state={{ from: target }} />;
  }
  return <Outlet />;
}

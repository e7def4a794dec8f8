import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '@rifaria/shared/session';
import { PageLoader } from '@rifaria/shared/ui';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import { AdminLayout } from '../../../components/layouts/admin-layout';
import { paths } from '../../../config/paths';
import { useRefreshSessionUser } from '../../../features/auth/api/get-me';
import { logout } from '../../../features/auth/api/logout';

/** The signed-in area: layout around every protected page; the user is refreshed from /api/auth/me on mount. */
export default function AdminRoot() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useRefreshSessionUser();

  const handleLogout = async () => {
    await logout();
    navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <AdminLayout
      userName={user?.name}
      profileDescription={user?.profile?.description}
      onLogout={() => void handleLogout()}
    >
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </AdminLayout>
  );
}

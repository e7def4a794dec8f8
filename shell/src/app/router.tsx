import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageLoader } from '@rifaria/shared/ui';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/auth/components/require-auth';
import { RemoteRoute } from '../remotes/remote-route';
import { NavigationBridge } from './navigation-bridge';

// Every page is its own chunk: a buyer on /p/… downloads no admin or login code, and /login loads only the form.
const LoginRoute = lazy(() => import('./routes/auth/login'));
const RegisterRoute = lazy(() => import('./routes/auth/register'));
const ForgotPasswordRoute = lazy(() => import('./routes/auth/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/auth/reset-password'));
const SandboxMailboxRoute = lazy(() => import('./routes/sandbox/mailbox'));
const TermsRoute = lazy(() => import('./routes/legal/terms'));
const PrivacyRoute = lazy(() => import('./routes/legal/privacy'));
const AdminRoot = lazy(() => import('./routes/app/root'));
const DashboardRoute = lazy(() => import('./routes/app/dashboard'));
const NotFoundRoute = lazy(() => import('./routes/errors/not-found'));
const AdminConsoleRoute = lazy(() => import('./routes/admin/console'));

function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader minHeight="100dvh" />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** The shell's own public pages, each lazy and inside <Page> (its suspense and error boundary). */
const PUBLIC_PAGES: [string, ComponentType][] = [
  [paths.login.path, LoginRoute],
  [paths.register.path, RegisterRoute],
  [paths.forgotPassword.path, ForgotPasswordRoute],
  [paths.resetPassword.path, ResetPasswordRoute],
  [paths.sandboxMailbox.path, SandboxMailboxRoute],
  [paths.terms.path, TermsRoute],
  [paths.privacy.path, PrivacyRoute],
];

/** Spec section 2 route table. */
export function AppRoutes() {
  return (
    <>
      <NavigationBridge />
      <Routes>
        {/* Public */}
        {PUBLIC_PAGES.map(([path, Component]) => (
          <Route
            key={path}
            path={path}
            element={
              <Page>
                <Component />
              </Page>
            }
          />
        ))}
        <Route path={paths.publicArea.path} element={<RemoteRoute remote="mf_public" />} />
        {/* The operators' console (issue 32): its own login and navigation, no organiser session. */}
        <Route
          path={`${paths.admin.path}/*`}
          element={
            <Page>
              <AdminConsoleRoute />
            </Page>
          }
        />

        {/* Protected: token required, inside the admin layout */}
        <Route element={<RequireAuth />}>
          <Route
            element={
              <Page>
                <AdminRoot />
              </Page>
            }
          >
            <Route path={paths.dashboard.path} element={<DashboardRoute />} />
            <Route path={`${paths.campaigns.path}/*`} element={<RemoteRoute remote="mf_campaigns" />} />
            <Route path={`${paths.wallets.path}/*`} element={<RemoteRoute remote="mf_wallet" />} />
            <Route path="/carteira/*" element={<RemoteRoute remote="mf_wallet" />} />
            <Route path={`${paths.profile.path}/*`} element={<RemoteRoute remote="mf_profile" />} />
            <Route path={`${paths.settings.path}/*`} element={<RemoteRoute remote="mf_profile" />} />
            <Route path={`${paths.whatsapp.path}/*`} element={<RemoteRoute remote="mf_whatsapp" />} />
          </Route>
        </Route>

        <Route path={paths.home.path} element={<Navigate to={paths.dashboard.getHref()} replace />} />
        {/* Issue 30: an unknown address is a 404 page with ways onward, not the organisers' login. */}
        <Route
          path="*"
          element={
            <Page>
              <NotFoundRoute />
            </Page>
          }
        />
      </Routes>
    </>
  );
}

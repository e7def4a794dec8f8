/**
 * Exposed as `mf_admin/App`: the operators' back office (issue 32). The shell mounts it at `/admin/*`, outside the
 * organiser's layout, after GET /api/admin/me said an operator is signed in (login and invite aside). Routes are
 * RELATIVE to that mount.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoader } from '@rifaria/shared/ui';
import { ConsoleLayout } from './features/common/components/console-layout';
import { ConsoleNotFound } from './features/common/components/console-not-found';
import { SECTIONS, type SectionId } from './features/common/components/sections';
import { LoginPage } from './features/login/components/login-page';
import { InvitePage } from './features/login/components/invite-page';

/** Each screen is a chunk of its own (the home's charts pull apexcharts). */
const SCREENS: Partial<Record<SectionId, ComponentType>> = {
  home: lazy(() => import('./features/home/components/home-page')),
  kyc: lazy(() => import('./features/kyc/components/kyc-page')),
  reports: lazy(() => import('./features/campaigns/components/reports-page')),
  campaigns: lazy(() => import('./features/campaigns/components/campaigns-page')),
  purchases: lazy(() => import('./features/purchases/components/purchases-page')),
  refunds: lazy(() => import('./features/purchases/components/refunds-page')),
  reconciliation: lazy(() => import('./features/books/components/reconciliation-page')),
  trialBalance: lazy(() => import('./features/books/components/trial-balance-page')),
  privacy: lazy(() => import('./features/privacy/components/privacy-page')),
  audit: lazy(() => import('./features/audit/components/audit-page')),
  operators: lazy(() => import('./features/operators/components/operators-page')),
};

export function App() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="convite" element={<InvitePage />} />
      <Route element={<ConsoleLayout />}>
        {Object.entries(SCREENS).map(([id, Screen]) => {
          const { segment } = SECTIONS[id as SectionId];
          const element = (
            <Suspense fallback={<PageLoader minHeight={200} />}>
              <Screen />
            </Suspense>
          );
          return segment ? (
            <Route key={id} path={`${segment}/*`} element={element} />
          ) : (
            <Route key={id} index element={element} />
          );
        })}
        <Route path="*" element={<ConsoleNotFound />} />
      </Route>
    </Routes>
  );
}

export default App;

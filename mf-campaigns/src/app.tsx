/**
 * Exposed as `mf_campaigns/App`. The shell mounts it at `/campanhas/*`; routes below are RELATIVE to that mount.
 * Each page is its own chunk: the list does not download the panel's chart or the sales table.
 */
import { PageLoader } from '@rifaria/shared/ui';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CampaignsPage } from './features/list/components/campaigns-page';
import { paths } from '@rifaria/shared/paths';

const CampaignPanelPage = lazy(() => import('./features/panel/components/campaign-panel-page'));
const CampaignEditPage = lazy(() => import('./features/edit/components/campaign-edit-page'));
const CampaignSalesPage = lazy(() => import('./features/sales/components/campaign-sales-page'));

export function App() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route index element={<CampaignsPage />} />
        <Route path=":id/painel" element={<CampaignPanelPage />} />
        <Route path=":id/editar" element={<CampaignEditPage />} />
        <Route path=":id/vendas" element={<CampaignSalesPage />} />
        <Route path="*" element={<Navigate to={paths.campaigns.getHref()} replace />} />
      </Routes>
    </Suspense>
  );
}

export default App;

/**
 * Exposed as `mf_campaigns/App`. The shell mounts it at `/campanhas/*`; routes below are RELATIVE to that mount.
 * Upcoming (later issues): ':id/painel', ':id/editar', ':id/vendas', the wizard and modals.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { CampaignsPage } from './pages/campaigns-page';

export function App() {
  return (
    <Routes>
      <Route index element={<CampaignsPage />} />
      <Route path="*" element={<Navigate to="/campanhas" replace />} />
    </Routes>
  );
}

export default App;

/**
 * Exposed as `mf_public/App`: the buyer flow. The shell mounts it at `/p/*`; routes are RELATIVE to that mount.
 * Buyers are on phones: keep this remote LIGHT — no @mui/icons-material, no charts, no heavy date libraries.
 * 'checkout' is a static segment, so it wins over ':link' (react-router ranks static above dynamic).
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { CampaignPage } from './pages/campaign-page';
import { CheckoutPage } from './pages/checkout-page';
import { MyTicketsPage } from './pages/my-tickets-page';

export function App() {
  return (
    <Routes>
      <Route path="checkout" element={<CheckoutPage />} />
      <Route path=":link" element={<CampaignPage />} />
      <Route path=":link/meus-numeros" element={<MyTicketsPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export default App;

/**
 * Exposed as `mf_public/App`: the buyer flow. The shell mounts it at `/p/*`; routes are RELATIVE to that mount.
 * Buyers are on phones: keep this remote LIGHT — no @mui/icons-material, no charts, no heavy date libraries.
 * 'checkout' is a static segment, so it wins over ':link' (react-router ranks static above dynamic).
 * /p itself is the buyers' neutral page, and any other address under /p/ goes there: '/' is the organisers' area.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@rifaria/shared/paths';
import { CampaignPage } from './features/campaign/components/campaign-page';
import { CheckoutPage } from './features/checkout/components/checkout-page';
import { PublicHomePage } from './features/home/components/public-home-page';
import { MyTicketsPage } from './features/my-tickets/components/my-tickets-page';
import { ResultPage } from './features/result/components/result-page';

export function App() {
  return (
    <Routes>
      <Route index element={<PublicHomePage />} />
      <Route path="checkout" element={<CheckoutPage />} />
      <Route path=":link" element={<CampaignPage />} />
      <Route path=":link/meus-numeros" element={<MyTicketsPage />} />
      <Route path=":link/resultado" element={<ResultPage />} />
      <Route path="*" element={<Navigate to={paths.publicArea.getHref()} replace />} />
    </Routes>
  );
}

export default App;

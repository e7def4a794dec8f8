/**
 * Exposed as `mf_public/App`: the buyer flow. The shell mounts it at `/p/*`; routes are RELATIVE to that mount.
 * Buyers are on phones: keep this remote LIGHT — no @mui/icons-material, no charts, no heavy date libraries.
 * 'checkout' is a static segment, so it wins over ':link' (react-router ranks static above dynamic).
 * /p itself is the buyers' neutral page, and any other address under /p/ goes there: '/' is the organisers' area.
 */
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@rifaria/shared/paths';
import { PageLoader } from '@rifaria/shared/ui';
import { CampaignPage } from './features/campaign/components/campaign-page';
import { lazyPage } from './features/common/components/lazy-page';

// The campaign page is where buyers land from a shared link: in the first bundle. The others load when shown.
const CheckoutPage = lazyPage(() =>
  import(/* webpackChunkName: "checkout" */ './features/checkout/components/checkout-page').then((m) => m.CheckoutPage),
);
const PublicHomePage = lazyPage(() =>
  import(/* webpackChunkName: "home" */ './features/home/components/public-home-page').then((m) => m.PublicHomePage),
);
const MyTicketsPage = lazyPage(() =>
  import(/* webpackChunkName: "my-tickets" */ './features/my-tickets/components/my-tickets-page').then(
    (m) => m.MyTicketsPage,
  ),
);
const ResultPage = lazyPage(() =>
  import(/* webpackChunkName: "result" */ './features/result/components/result-page').then((m) => m.ResultPage),
);

/** Every page that loads on demand (the server renderer loads them all before drawing). */
export const LAZY_PAGES = [CheckoutPage, PublicHomePage, MyTicketsPage, ResultPage] as const;

export function App() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route index element={<PublicHomePage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path=":link" element={<CampaignPage />} />
        <Route path=":link/meus-numeros" element={<MyTicketsPage />} />
        <Route path=":link/resultado" element={<ResultPage />} />
        <Route path="*" element={<Navigate to={paths.publicArea.getHref()} replace />} />
      </Routes>
    </Suspense>
  );
}

export default App;

/**
 * Exposed as `mf_public/App`: the buyer flow. The shell mounts it at `/p/*`; routes are RELATIVE to that mount.
 * Buyers are on phones: keep this remote LIGHT — no @mui/icons-material, no charts, no heavy date libraries.
 * 'checkout' and 'desfazer-troca-de-telefone' are static segments, so they win over ':link' (react-router ranks static above dynamic).
 * /p itself is the buyers' neutral page, and any other address under /p/ goes there: '/' is the organisers' area.
 */
import { Suspense } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@rifaria/shared/paths';
import { PageLoader } from '@rifaria/shared/ui';
import { lazyPage, type LazyPage } from './features/common/components/lazy-page';

// Every page loads on its own (issue 15): a buyer who opens a campaign does not download the checkout, nor one who pays
// the campaign page. The buyer page's boot fetches the one it shows with the app (src/page/).
const CampaignPage = lazyPage(() =>
  import(/* webpackChunkName: "campaign" */ './features/campaign/components/campaign-page').then((m) => m.CampaignPage),
);
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

const UndoPhoneChangePage = lazyPage(() =>
  import(
    /* webpackChunkName: "undo-phone-change" */ './features/undo-phone-change/components/undo-phone-change-page'
  ).then((m) => m.UndoPhoneChangePage),
);

/** Every page that loads on demand (the server renderer loads them all before drawing). */
export const LAZY_PAGES = [
  CampaignPage,
  CheckoutPage,
  PublicHomePage,
  MyTicketsPage,
  ResultPage,
  UndoPhoneChangePage,
] as const;

/** A route and, as its handle, the page it shows. */
const page = (route: RouteObject, Page: LazyPage): RouteObject => ({ ...route, element: <Page />, handle: Page });

const ROUTES: RouteObject[] = [
  page({ index: true }, PublicHomePage),
  page({ path: 'checkout' }, CheckoutPage),
  page({ path: 'desfazer-troca-de-telefone' }, UndoPhoneChangePage),
  page({ path: ':link' }, CampaignPage),
  page({ path: ':link/meus-numeros' }, MyTicketsPage),
  page({ path: ':link/resultado' }, ResultPage),
  { path: '*', element: <Navigate to={paths.publicArea.getHref()} replace /> },
];

/**
 * Loads the code of the page at `pathname` (a full path, /p/…): a page taken over from the server's HTML must not
 * suspend while hydrating, or the buyer's first tap would land on HTML that nothing answers yet. Resolves either way
 * (a failed download shows its own 'Tentar novamente' when the page renders).
 */
export async function preloadPageAt(pathname: string): Promise<void> {
  const matches = matchRoutes(ROUTES, pathname, paths.publicArea.getHref()) ?? [];
  const lazy = matches.at(-1)?.route.handle as LazyPage | undefined;
  await lazy?.preload().catch(() => undefined);
}

function Pages() {
  return useRoutes(ROUTES);
}

export function App() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Pages />
    </Suspense>
  );
}

export default App;

/**
 * The buyer page as one app (issue 15): what the API renders on the server for /p/… and what the browser bundle
 * (dist/page/) takes over — the same tree on both sides. The shell still mounts src/app.tsx at /p/* for in-app
 * navigation and development; a buyer arriving from a link gets this instead: no shell, no admin code, no Module
 * Federation runtime, and only the parts of MUI the buyer screens use (this build is tree-shaken).
 */
import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '@rifaria/shared/paths';
import { ThemeProviders } from '@rifaria/shared/ui';
import { App } from '../app';

/** A link out of /p (e.g. the organisers' area): a full page load, answered by the shell. */
function LeaveBuyerPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.assign(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}

/** Inside a router: BrowserRouter in the browser, StaticRouter on the server. */
export function BuyerPage() {
  return (
    <ThemeProviders>
      <Routes>
        <Route path={paths.publicArea.path} element={<App />} />
        <Route path="*" element={<LeaveBuyerPage />} />
      </Routes>
    </ThemeProviders>
  );
}

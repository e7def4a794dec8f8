/**
 * Exposed as `mf_wallet/App`. The shell mounts it TWICE: at `/carteiras/*` (wallets dashboard) and at
 * `/carteira/*` (account opening, `/carteira/adicionar`). Routes are RELATIVE to whichever mount rendered us;
 * useMountSegment tells which one.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { OpenAccountPage } from './pages/open-account-page';
import { WalletsPage } from './pages/wallets-page';
import { useMountSegment } from '@rifaria/shared/remote';
import { paths } from '@rifaria/shared/paths';

export function App() {
  const mount = useMountSegment();

  if (mount === 'carteira') {
    return (
      <Routes>
        <Route path="adicionar" element={<OpenAccountPage />} />
        {/* /carteira alone (or unknown below it) → the wallets dashboard */}
        <Route path="*" element={<Navigate to={paths.wallets.getHref()} replace />} />
      </Routes>
    );
  }

  return (
    <Routes>
      <Route index element={<WalletsPage />} />
      <Route path="*" element={<Navigate to={paths.wallets.getHref()} replace />} />
    </Routes>
  );
}

export default App;

/**
 * Exposed as `mf_wallet/App`. The shell mounts it TWICE: at `/carteiras/*` (wallets dashboard) and at
 * `/carteira/*` (account opening, `/carteira/adicionar`). Routes are RELATIVE to whichever mount rendered us;
 * useMountSegment tells which one.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { useMountSegment } from '@rifaria/shared/remote';
import { paths } from '@rifaria/shared/paths';
import { OpenAccountPage } from './features/open-account/components/open-account-page';
import { WalletsPage } from './features/wallet/components/wallets-page';

export function App() {
  const mount = useMountSegment();
  return (
    <Routes>
      {mount === 'carteira' ? (
        <Route path="adicionar" element={<OpenAccountPage />} />
      ) : (
        <Route index element={<WalletsPage />} />
      )}
      {/* Anything else (/carteira alone, an unknown path below either mount) → the wallets dashboard */}
      <Route path="*" element={<Navigate to={paths.wallets.getHref()} replace />} />
    </Routes>
  );
}

export default App;

/**
 * Exposed as `mf_profile/App`. The shell mounts it at `/perfil/*` ('Meus Dados') and `/configuracoes/*`
 * ('Configurações'); useMountSegment tells which. Routes are RELATIVE to the mount.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { ProfilePage } from './features/profile/components/profile-page';
import { SettingsPage } from './features/settings/components/settings-page';
import { useMountSegment } from '@rifaria/shared/remote';
import { paths } from '@rifaria/shared/paths';

export function App() {
  const mount = useMountSegment();
  return (
    <Routes>
      <Route index element={mount === 'configuracoes' ? <SettingsPage /> : <ProfilePage />} />
      <Route
        path="*"
        element={
          <Navigate to={mount === 'configuracoes' ? paths.settings.getHref() : paths.profile.getHref()} replace />
        }
      />
    </Routes>
  );
}

export default App;

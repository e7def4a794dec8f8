/** Exposed as `mf_whatsapp/App`. The shell mounts it at `/whatsapp/*`; routes are RELATIVE to that mount. */
import { Navigate, Route, Routes } from 'react-router-dom';
import { InstancesPage } from './features/instances/components/instances-page';
import { paths } from '@rifaria/shared/paths';

export function App() {
  return (
    <Routes>
      <Route index element={<InstancesPage />} />
      <Route path="*" element={<Navigate to={paths.whatsapp.getHref()} replace />} />
    </Routes>
  );
}

export default App;

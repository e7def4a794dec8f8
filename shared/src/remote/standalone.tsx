/**
 * Standalone mode of a remote (`npm run dev -w mf-x`): the remote alone, with the same providers and the same
 * mount point(s) as inside the shell, so its relative routes behave identically. The shell never uses this.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../ui/app-providers';

export function mountStandalone(App: ComponentType, mounts: readonly string[], home: string): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root not found');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <Routes>
            {mounts.map((mount) => (
              <Route key={mount} path={`${mount}/*`} element={<App />} />
            ))}
            <Route path="*" element={<Navigate to={home} replace />} />
          </Routes>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

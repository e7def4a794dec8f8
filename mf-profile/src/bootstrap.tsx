/**
 * Standalone mode (`npm run dev -w mf-profile` → http://localhost:3003): the remote alone, with the same providers
 * and the same mount point(s) as inside the shell, so its relative routes behave identically.
 * Inside the shell this file is not used: the shell loads `mf_profile/App` (src/app.tsx) and provides everything.
 */
import { AppProviders } from '@rifaria/shared/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <Routes>
          <Route path="/perfil/*" element={<App />} />
          <Route path="/configuracoes/*" element={<App />} />
          <Route path="*" element={<Navigate to="/perfil" replace />} />
        </Routes>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

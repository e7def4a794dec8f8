/**
 * Standalone mode (`npm run dev -w mf-wallet` → http://localhost:3002): the remote alone, with the same providers
 * and the same mount point(s) as inside the shell, so its relative routes behave identically.
 * Inside the shell this file is not used: the shell loads `mf_wallet/App` (src/app.tsx) and provides everything.
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
          <Route path="/carteiras/*" element={<App />} />
          <Route path="/carteira/*" element={<App />} />
          <Route path="*" element={<Navigate to="/carteiras" replace />} />
        </Routes>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

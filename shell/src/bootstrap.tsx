/**
 * Shell start-up, behind the async boundary of src/index.ts (shared singletons are negotiated first):
 *  1. GET /runtime-config.json (API base URL, sandbox flag, where each remote's mf-manifest.json lives);
 *     on failure the build-time default (/_mf/<dir>/mf-manifest.json) is used;
 *  2. configure the shared API client;
 *  3. register the remotes at runtime (nothing is fetched until a remote's route renders: shareStrategy 'loaded-first');
 *  4. render <App/>.
 */
import { configureApi } from '@rifaria/shared/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initFederation } from './remotes/load-remote';
import { loadRuntimeConfig } from './remotes/runtime-config';

async function start() {
  const config = await loadRuntimeConfig();
  configureApi({ baseUrl: config.apiBaseUrl });
  initFederation(config.remotes);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root not found in index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();

import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@rifaria/shared/ui';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { AppRoutes } from './router';

/**
 * The shell. `src/bootstrap.tsx` (Module Federation side) loads /runtime-config.json, calls `configureApi` and
 * registers the remotes, then renders <App/> into #root.
 */
export function App() {
  return (
    <AppProviders>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}

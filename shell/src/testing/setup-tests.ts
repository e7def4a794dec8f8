import { setApiNavigate, configureApi } from '@rifaria/shared/api-client';
import { resetSession } from '@rifaria/shared/session';
import { useToastStore } from '@rifaria/shared/ui';
import { cleanup } from '@testing-library/react';
import { server } from './server';

// Imports nothing of the app itself, so a test file's jest.mock(...) still applies to what the app imports.
// Every test starts logged out, with no toasts, no handlers and jsdom at '/'.
beforeEach(() => {
  server.reset();
  globalThis.fetch = server.fetch;
  configureApi({ baseUrl: '' });
  resetSession();
  useToastStore.getState().clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  setApiNavigate(null);
});

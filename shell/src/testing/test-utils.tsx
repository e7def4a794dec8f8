/**
 * Test helpers for the shell: `renderApp(url)` renders the real <App/> (router, providers, lazy pages) at a URL,
 * with HTTP mocked at the fetch level by `server`.
 *
 * Files that render the App must also mock the remote loader (house style: mock load-remote, not remote names):
 *   jest.mock('../../remotes/load-remote', () => require('../../testing/load-remote-stub'));
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@rifaria/shared/testing';
import { useSession } from '@rifaria/shared/session';
import type { SessionUser } from '@rifaria/shared/types';
import { App } from '../app/app';

export { reply };

export { server } from './server';

export const testUser: SessionUser = {
  id: 1,
  name: 'Ana Paula Souza',
  email: 'ana@rifaria.com.br',
  profile: { description: 'Organizadora' },
};

export interface RenderAppOptions {
  /** Store a session before rendering (a signed-in organiser). `true` = testUser. */
  session?: boolean | { user: SessionUser };
}

export function renderApp(url = '/', options: RenderAppOptions = {}) {
  window.history.replaceState(null, '', url);
  if (options.session) {
    const { user } = options.session === true ? { user: testUser } : options.session;
    useSession.getState().setSession(user);
  }
  const user = userEvent.setup();
  const result = render(<App />);
  return { user, ...result };
}

/** The current URL of the app (BrowserRouter over jsdom's history). */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export { screen };

export type AppUser = ReturnType<typeof renderApp>['user'];

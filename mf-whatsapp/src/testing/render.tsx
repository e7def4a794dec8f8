/** mf-whatsapp's tests: the App mounted like the shell does, over @rifaria/shared/testing, with the Toaster. */
import { renderRemote, type UserEventOptions } from '@rifaria/shared/testing';
import { App } from '../app';

/** /whatsapp after a page outside the remote (/dashboard), so Back from the first screen has somewhere to go. */
export const renderAt = (path = '/whatsapp', user?: UserEventOptions) =>
  renderRemote(<App />, {
    mounts: ['/whatsapp/*'],
    path,
    before: ['/dashboard'],
    toaster: true,
    ...(user ? { user } : {}),
  });

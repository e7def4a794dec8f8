/** mf-profile's tests: the App mounted like the shell does (twice, /perfil/* and /configuracoes/*), with the Toaster. */
import { renderRemote, type UserEventOptions } from '@rifaria/shared/testing';
import { App } from '../app';

/** Opens `path` after /dashboard (so Back has somewhere to go), with the shell's Toaster. */
export const renderAt = (path: string, user?: UserEventOptions) =>
  renderRemote(<App />, {
    mounts: ['/perfil/*', '/configuracoes/*'],
    path,
    before: ['/dashboard'],
    toaster: true,
    ...(user ? { user } : {}),
  });

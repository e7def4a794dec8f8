/** mf-admin's tests: the App mounted like the shell does (/admin/*), over @rifaria/shared/testing, with the Toaster. */
import { renderRemote } from '@rifaria/shared/testing';
import { App } from '../app';

export const renderAt = (path = '/admin') => renderRemote(<App />, { mounts: ['/admin/*'], path, toaster: true });

/** mf-whatsapp's tests: the App mounted like the shell does, over @rifaria/shared/testing. */
import { renderRemote } from '@rifaria/shared/testing';
import { App } from '../app';

export const renderAt = (path: string) => renderRemote(<App />, { mounts: ['/whatsapp/*'], path });

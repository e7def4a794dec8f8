// Standalone mode (`npm run dev -w mf-whatsapp` → http://localhost:3004); the shell loads src/app.tsx instead.
import { mountStandalone } from '@rifaria/shared/remote';
import { App } from './app';

mountStandalone(App, ['/whatsapp'], '/whatsapp');

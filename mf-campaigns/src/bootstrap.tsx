// Standalone mode (`npm run dev -w mf-campaigns` → http://localhost:3001); the shell loads src/app.tsx instead.
import { mountStandalone } from '@rifaria/shared/remote';
import { App } from './app';

mountStandalone(App, ['/campanhas'], '/campanhas');

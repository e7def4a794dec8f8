// Standalone mode (`npm run dev -w mf-wallet` → http://localhost:3002); the shell loads src/app.tsx instead.
import { mountStandalone } from '@rifaria/shared/remote';
import { App } from './app';

mountStandalone(App, ['/carteiras', '/carteira'], '/carteiras');

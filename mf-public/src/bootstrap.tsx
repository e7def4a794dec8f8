// Standalone mode (`npm run dev -w mf-public` → http://localhost:3005); the shell loads src/app.tsx instead.
import { mountStandalone } from '@rifaria/shared/remote';
import { App } from './app';

mountStandalone(App, ['/p'], '/p/rifa-demo-iphone-16-pro');

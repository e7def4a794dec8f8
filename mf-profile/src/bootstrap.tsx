// Standalone mode (`npm run dev -w mf-profile` → http://localhost:3003); the shell loads src/app.tsx instead.
import { mountStandalone } from '@rifaria/shared/remote';
import { App } from './app';

mountStandalone(App, ['/perfil', '/configuracoes'], '/perfil');

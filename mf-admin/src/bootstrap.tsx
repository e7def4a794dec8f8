// Standalone mode (`npm run dev -w mf-admin` → http://localhost:3006); the shell loads src/app.tsx instead.
import { mountStandalone } from '@rifaria/shared/remote';
import { paths } from '@rifaria/shared/paths';
import { App } from './app';

mountStandalone(App, [paths.admin.path], paths.adminLogin.getHref());

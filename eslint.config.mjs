// One ESLint config for the monorepo. The import zones enforce the house rule:
// a remote never imports another remote or the shell; shared/ imports no app; the API imports no front end.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import fs from 'node:fs';
import globals from 'globals';

import registry from './tooling/webpack/ports.cjs';

// The front ends, from their registry.
const remotes = registry.REMOTES.map((remote) => remote.dir);
const apps = registry.APPS.map((app) => app.dir);

// Patterns in the code that runs on user input (shared schemas, the API) must run in linear time: a quadratic
// e-mail pattern once kept the server busy 4.5 s on one 60 KB login. From the plugin's recommended set: the rules
// it files under "possible errors" (and the core rules it replaces), not its style rules; plus the super-linear
// move check, which it leaves out.
const regexpRules = {
  ...Object.fromEntries(
    Object.entries(regexp.configs['flat/recommended'].rules).filter(
      ([name]) =>
        !name.startsWith('regexp/') ||
        regexp.rules[name.slice('regexp/'.length)].meta.docs.category === 'Possible Errors',
    ),
  ),
  'regexp/no-super-linear-backtracking': 'error',
  'regexp/no-super-linear-move': 'error',
};

const muiPatterns = [
  {
    group: ['@mui/material/*', '!@mui/material/locale', '@mui/icons-material/*'],
    message: "Importe do MUI pela raiz ('@mui/material'): é o que o Module Federation compartilha.",
  },
];

const zones = [
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: [...apps.filter((app) => app !== remote).map((app) => `./${app}`), './api'],
    message: 'Um remote não importa o shell nem outro remote: use @rifaria/shared.',
  })),
  {
    target: './shell',
    from: [...remotes.map((r) => `./${r}`), './api'],
    message: 'O shell carrega remotes em tempo de execução (loadRemote).',
  },
  {
    target: './shared',
    from: [...apps.map((a) => `./${a}`), './api'],
    message: 'shared/ não importa nenhuma aplicação.',
  },
  { target: './api', from: apps.map((a) => `./${a}`), message: 'A API não importa front ends.' },
];

// The API: one folder per domain (api/src/<domain>/{routes,service,repository,schemas,presenter,worker}.ts). Each
// domain names the domains it may import; the graph has no cycle. lib/, db/ and config.ts import no domain;
// plugins/app/services.ts (the one place that creates the services) imports them all, and nothing below app.ts and
// server.ts imports plugins/ (registry.ts holds the types of what the plugins build).
const apiDomains = {
  mail: [],
  storage: [],
  ledger: [],
  tickets: [],
  cep: [],
  health: [],
  buyers: [],
  auth: ['mail'],
  profile: ['auth'],
  payments: ['ledger'],
  wallets: ['payments', 'ledger', 'profile', 'mail'],
  accounts: ['auth', 'profile', 'storage', 'wallets', 'mail'],
  sales: ['buyers'],
  campaigns: ['draws', 'mail', 'sales', 'storage', 'tickets', 'whatsapp'],
  purchases: ['buyers', 'campaigns', 'ledger', 'payments', 'sales', 'tickets', 'whatsapp'],
  dashboard: ['campaigns', 'ledger', 'sales', 'wallets'],
  draws: ['ledger', 'mail', 'whatsapp'],
  settings: [],
  whatsapp: ['mail', 'payments'],
  // issue 32: GET /metrics reads the database only; the reconciliation credits through payments.
  metrics: [],
  reconciliation: ['payments'],
};
// api/src/admin (the back office, issue 32) is not in this graph: its routes act on every domain, and every domain
// writes the audit log (admin/audit.ts recordAudit) in its own transactions. Import cycles are still refused.
const domainNames = Object.keys(apiDomains);
const apiZones = [
  ...Object.entries(apiDomains).map(([domain, allowed]) => ({
    target: `./api/src/${domain}`,
    from: domainNames.filter((other) => other !== domain && !allowed.includes(other)).map((d) => `./api/src/${d}`),
    message: `O domínio ${domain} só importa ${allowed.length ? allowed.join(', ') : 'lib/, db/ e registry.ts'} (eslint.config.mjs, apiDomains).`,
  })),
  ...['lib', 'db'].map((layer) => ({
    target: `./api/src/${layer}`,
    from: [...domainNames.map((d) => `./api/src/${d}`), './api/src/plugins'],
    message: `api/src/${layer} não importa domínios: é a base de todos.`,
  })),
  {
    // Only the top of the house (app.ts, server.ts) and the plugins themselves import api/src/plugins: the registry's
    // types are in registry.ts, the helpers the domains need (session, rate limits) in lib/.
    target: fs
      .readdirSync(new URL('./api/src/', import.meta.url))
      .filter((name) => !['plugins', 'app.ts', 'server.ts'].includes(name))
      .map((name) => `./api/src/${name}`),
    from: './api/src/plugins',
    message:
      'Só app.ts, server.ts e plugins/ importam plugins/: os tipos do registro estão em registry.ts, os auxiliares em lib/.',
  },
];

// The remote template (tooling/README.md): src/{index.ts, bootstrap.tsx, app.tsx, features/<feature>/{api,components,
// hooks}, testing/, __tests__/}, and page/ for a remote whose page the API renders on the server (mf-public). A feature imports only itself, features/common and @rifaria/shared.
const REMOTE_FILE =
  /^(?:index\.ts|bootstrap\.tsx|app\.tsx|page\/[\w.-]+|testing\/[\w.-]+|__tests__\/[\w.-]+|features\/[a-z0-9-]+\/(?:api|components|hooks)\/[\w./-]+)$/;
const featuresOf = (remote) => {
  try {
    return fs
      .readdirSync(`${remote}/src/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};
const featureZones = remotes.flatMap((remote) =>
  featuresOf(remote)
    .filter((feature) => feature !== 'common')
    .map((feature) => ({
      target: `./${remote}/src/features/${feature}`,
      from: `./${remote}/src/features`,
      except: [`./${feature}`, './common'],
      message: 'Uma feature importa só a si mesma, features/common e @rifaria/shared (tooling/README.md).',
    })),
);
const commonZones = remotes.map((remote) => ({
  target: `./${remote}/src/features/common`,
  from: `./${remote}/src/features`,
  except: ['./common'],
  message: 'features/common não importa as features que o usam.',
}));
const remoteLayout = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const match = /(?:^|\/)(mf-[a-z]+)\/src\/(.+)$/.exec(file);
    if (!match || !remotes.includes(match[1]) || REMOTE_FILE.test(match[2])) return {};
    return {
      Program(node) {
        context.report({
          node,
          message: `${match[1]}/src/${match[2]} está fora do modelo de remote: src/{index.ts, bootstrap.tsx, app.tsx, page/, features/<feature>/{api,components,hooks}, testing/, __tests__/} (tooling/README.md).`,
        });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/.staging/**',
      '**/.cache/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['api/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, ...apiZones] }] },
  },
  {
    // Routes reach logic one way: fastify.services (created once in plugins/app/services.ts).
    files: ['api/src/**/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='fastify'][property.name=/^(db|repos)$/]",
          message: 'Uma rota chama fastify.services.<domínio>, nunca o banco diretamente.',
        },
        {
          selector: 'NewExpression[callee.name=/Service$/]',
          message: 'Os serviços são criados uma vez em plugins/app/services.ts; a rota usa fastify.services.',
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx,js,mjs,cjs}', 'api/**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { regexp },
    rules: regexpRules,
  },
  {
    // MUI from its root only: Module Federation shares '@mui/material' as one singleton, and a subpath import
    // ('@mui/material/Button') would bundle a second copy with a second theme context (tooling/webpack/shared-map.cjs).
    files: ['shell/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: muiPatterns }] },
  },
  {
    // Remotes must not reach the shell or one another by package name either; each keeps the remote template.
    files: remotes.map((r) => `${r}/**/*.{ts,tsx}`),
    plugins: { rifaria: { rules: { 'remote-layout': remoteLayout } } },
    rules: {
      'rifaria/remote-layout': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...featureZones, ...commonZones] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...muiPatterns,
            { group: ['@rifaria/shell*', '@rifaria/mf-*'], message: 'Um remote não importa o shell nem outro remote.' },
          ],
        },
      ],
    },
  },
);

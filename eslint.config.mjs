// One ESLint config for the monorepo. The import zones enforce the house rule:
// a remote never imports another remote or the shell; shared/ imports no app; the API imports no front end.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';

const remotes = ['mf-campaigns', 'mf-wallet', 'mf-profile', 'mf-whatsapp', 'mf-public'];
const apps = ['shell', ...remotes];

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

const zones = [
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: [...apps.filter((app) => app !== remote).map((app) => `./${app}`), './api'],
    message: 'Um remote não importa o shell nem outro remote: use @rifaria/shared.',
  })),
  { target: './shell', from: [...remotes.map((r) => `./${r}`), './api'], message: 'O shell carrega remotes em tempo de execução (loadRemote).' },
  { target: './shared', from: [...apps.map((a) => `./${a}`), './api'], message: 'shared/ não importa nenhuma aplicação.' },
  { target: './api', from: apps.map((a) => `./${a}`), message: 'A API não importa front ends.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/.cache/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**'] },
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
    files: ['shared/**/*.{ts,tsx,js,mjs,cjs}', 'api/**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { regexp },
    rules: regexpRules,
  },
  {
    // Remotes must not reach the shell or one another by package name either.
    files: remotes.map((r) => `${r}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@rifaria/shell*', '@rifaria/mf-*'], message: 'Um remote não importa o shell nem outro remote.' }] }],
    },
  },
);

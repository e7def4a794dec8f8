/**
 * Shared jest preset for every front-end workspace (shell, shared, mf-*).
 *
 * Usage in a workspace's jest.config.js:
 *   const front = require('../tooling/jest/front.cjs');
 *   module.exports = front.createConfig(__dirname, { displayName: 'shell' });
 * or spread `front.preset` and set rootDir yourself.
 */
const path = require('node:path');

const here = __dirname;

/** @type {import('jest').Config} */
const preset = {
  // jsdom plus the WHATWG fetch classes of Node (jsdom has none; ky needs Request/Response/AbortController).
  testEnvironment: path.join(here, 'jsdom-environment.cjs'),
  testEnvironmentOptions: { url: 'http://localhost/' },
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Screens are driven by typing and clicking through testing-library: on a busy 2-core CI machine one test can take
  // several seconds, and a timeout must mean a test that hangs, not a slow machine (jest's 5 s default flaked).
  testTimeout: 20_000,
  // ky 2 ships ESM only.
  transformIgnorePatterns: ['/node_modules/(?!ky/)'],
  moduleNameMapper: {
    '\\.(css|less|scss|sass)$': require.resolve('identity-obj-proxy'),
    '\\.(png|jpe?g|gif|webp|svg|ico|woff2?)$': path.join(here, 'file-stub.cjs'),
  },
  setupFiles: [path.join(here, 'setup-globals.cjs')],
  setupFilesAfterEnv: [path.join(here, 'setup-after-env.cjs')],
  testMatch: ['**/__tests__/**/*.test.[jt]s?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  clearMocks: true,
  restoreMocks: true,
};

/**
 * @param {string} rootDir the workspace folder (pass __dirname)
 * @param {import('jest').Config} [overrides]
 * @returns {import('jest').Config}
 */
function createConfig(rootDir, overrides = {}) {
  return {
    ...preset,
    rootDir,
    ...overrides,
    moduleNameMapper: { ...preset.moduleNameMapper, ...(overrides.moduleNameMapper ?? {}) },
    setupFiles: [...preset.setupFiles, ...(overrides.setupFiles ?? [])],
    setupFilesAfterEnv: [...preset.setupFilesAfterEnv, ...(overrides.setupFilesAfterEnv ?? [])],
  };
}

module.exports = { preset, createConfig };

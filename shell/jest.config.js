const { createConfig } = require('../tooling/jest/front.cjs');

/** `npx jest -c shell/jest.config.js` from the repository root, or `npm test -w shell`. */
module.exports = createConfig(__dirname, {
  displayName: 'shell',
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  // Harness files are for the browser build of the Module Federation checks, not jest.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/__harness__/'],
});

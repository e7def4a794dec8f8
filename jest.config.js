// Front-end test projects (jsdom). The API suite runs separately (see scripts/test.mjs): it needs a database.
// The apps come from the registry of front ends (tooling/webpack/ports.cjs).
const { APPS } = require('./tooling/webpack/ports.cjs');

module.exports = {
  projects: ['<rootDir>/shared', ...APPS.map((app) => `<rootDir>/${app.dir}`)],
  // A global option: run from here, the projects' own testTimeout (tooling/jest/front.cjs) is not applied, and jest's
  // 5 s default failed a screen test typed through on a busy 2-core CI machine.
  testTimeout: require('./tooling/jest/front.cjs').preset.testTimeout,
};

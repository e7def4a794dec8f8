// Front-end test projects (jsdom). The API suite runs separately (see scripts/test.mjs): it needs a database.
// The apps come from the registry of front ends (tooling/webpack/ports.cjs).
const { APPS } = require('./tooling/webpack/ports.cjs');

module.exports = {
  projects: ['<rootDir>/shared', ...APPS.map((app) => `<rootDir>/${app.dir}`)],
};

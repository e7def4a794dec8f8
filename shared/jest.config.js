const { createConfig } = require('../tooling/jest/front.cjs');

/** `npx jest -c shared/jest.config.js` from the repository root, or `npm test -w shared`. */
module.exports = createConfig(__dirname, { displayName: 'shared' });

/** Jest for mf-admin: the shared front-end preset (jsdom + fetch classes, @swc/jest, TextEncoder, ky ESM). */
const front = require('../tooling/jest/front.cjs');

module.exports = front.createConfig(__dirname, { displayName: 'mf-admin' });

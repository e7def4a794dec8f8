// @fastify/cookie loads the ES-module-only `cookie` with a dynamic import(), which Jest's vm runtime refuses: the
// plugin runs under Node's own require (see esm-only.js).
module.exports = require('./esm-only')('@fastify/cookie');

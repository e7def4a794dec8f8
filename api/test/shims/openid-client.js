// openid-client 6 (Google sign-in, src/auth/google.ts) is an ES module only: loaded with Node's real require (see
// esm-only.js), as it runs in production (tsx, CommonJS, require(esm) on Node >= 20.19).
module.exports = require('./esm-only')('openid-client');

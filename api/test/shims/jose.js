// jose 6 (the fake OpenID provider of test/support/fake-oidc.ts signs its ID tokens with it) is an ES module only:
// loaded with Node's real require (see esm-only.js).
module.exports = require('./esm-only')('jose');

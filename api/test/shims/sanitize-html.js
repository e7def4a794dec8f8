// sanitize-html 2.18 depends on htmlparser2 12, which is ES-module only (see esm-only.js).
module.exports = require('./esm-only')('sanitize-html');

module.exports = require('./esm-only')('@electric-sql/pglite/node-postgres');

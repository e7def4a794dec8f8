module.exports = require('./esm-only')('content-disposition', '@fastify/static');

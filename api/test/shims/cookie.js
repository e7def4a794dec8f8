module.exports = require('./esm-only')('cookie', 'light-my-request');

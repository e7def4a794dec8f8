'use strict';
const { createWebpackConfig } = require('../tooling/webpack/create-config.cjs');

// Name, port, title and exposes: tooling/webpack/ports.cjs. Defaults: tooling/webpack/create-config.cjs.
module.exports = createWebpackConfig({ appDir: __dirname });

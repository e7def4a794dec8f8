'use strict';
const { createWebpackConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createWebpackConfig({
  appDir: __dirname,
  kind: 'host',
  port: 3000,
  title: 'Rifaria',
  federation: require('./module-federation.config.cjs'),
});

'use strict';
const { createWebpackConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createWebpackConfig({
  appDir: __dirname,
  kind: 'remote',
  port: 3002,
  title: 'Rifaria · Carteira',
  federation: require('./module-federation.config.cjs'),
});

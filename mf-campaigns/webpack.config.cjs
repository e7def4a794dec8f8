'use strict';
const { createWebpackConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createWebpackConfig({
  appDir: __dirname,
  kind: 'remote',
  port: 3001,
  title: 'Rifaria · Campanhas',
  federation: require('./module-federation.config.cjs'),
});

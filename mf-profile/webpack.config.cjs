'use strict';
const { createWebpackConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createWebpackConfig({
  appDir: __dirname,
  kind: 'remote',
  port: 3003,
  title: 'Rifaria · Perfil',
  federation: require('./module-federation.config.cjs'),
});

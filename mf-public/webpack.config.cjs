'use strict';
const { createWebpackConfig, createFirstViewConfigs } = require('../tooling/webpack/create-config.cjs');

// Name, port, title and exposes: tooling/webpack/ports.cjs. Defaults: tooling/webpack/create-config.cjs.
const remote = createWebpackConfig({ appDir: __dirname });
// The buyer page the API renders on the server (/p/{link}, /p/checkout): production builds only.
const firstView = createFirstViewConfigs({
  appDir: __dirname,
  client: './src/page/boot.ts',
  server: './src/page/server.tsx',
  prefetchWorker: './src/page/prefetch-worker.ts',
  // The webpackChunkName of each page in src/app.tsx.
  pages: ['campaign', 'checkout', 'home', 'my-tickets', 'result'],
});

module.exports = (env, argv = {}) => {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  return mode === 'development' ? remote(env, argv) : [remote(env, argv), ...firstView(env, argv)];
};

'use strict';
const { devRemotes } = require('./ports.cjs');

const API_URL = process.env.RIFARIA_API_URL || 'http://localhost:8080';
/** Paths the API answers; everything else is the SPA. */
const API_PATHS = ['/api', '/public', '/payments', '/digital-wallets', '/whatsapp/instances'];

/** @returns {import('webpack-dev-server').Configuration} */
function devServerConfig({ port, isHost }) {
  return {
    port,
    host: process.env.DEV_HOST || 'localhost',
    hot: true,
    historyApiFallback: true,
    // Remotes are fetched cross-origin by the shell (the manifest with fetch()): CORS on every dev server.
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    },
    client: { overlay: { errors: true, warnings: false }, logging: 'warn' },
    proxy: [
      {
        // The shell answers /runtime-config.json itself (dev ports); remotes standing alone ask the API.
        context: isHost ? API_PATHS : [...API_PATHS, '/runtime-config.json'],
        target: API_URL,
        changeOrigin: true,
      },
    ],
    setupMiddlewares: (middlewares, server) => {
      if (isHost) {
        server.app.get('/runtime-config.json', (_req, res) => {
          res.set('Cache-Control', 'no-store');
          res.json({ apiBaseUrl: '', sandbox: true, remotes: devRemotes() });
        });
      }
      return middlewares;
    },
  };
}

module.exports = { devServerConfig, API_PATHS, API_URL };

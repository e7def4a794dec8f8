'use strict';
const { API_PATHS, devRemotes } = require('./ports.cjs');

const API_URL = process.env.RIFARIA_API_URL || 'http://localhost:8080';
/** Paths the API answers (uploaded banners are relative /media/ URLs); everything else is the SPA. */

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
        // The API sees the address the browser opened (localhost:3000, or DEV_HOST's): without PUBLIC_URL its
        // shared campaign links follow that Host, so they open this dev server rather than the API's port.
        changeOrigin: false,
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

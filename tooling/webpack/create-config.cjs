'use strict';
/**
 * One webpack config factory for the six Rifaria front ends (host `shell` + five remotes).
 *
 *   // <app>/webpack.config.cjs
 *   module.exports = createWebpackConfig({ appDir: __dirname });
 *
 * Name, port, kind, title and exposes come from the registry (ports.cjs); the Module Federation defaults live here:
 * the one shared map, 'loaded-first' (fetch a remote only when its route renders: the default 'version-first'
 * fetches every manifest at start-up and one remote down blanks the shell), no dts, a manifest, and for the host
 * no build-time remotes (shell/src/bootstrap.tsx registers them from /runtime-config.json, so a remote is
 * redeployed without rebuilding the shell).
 *
 * Pinned stack (see measured-facts.md): webpack 5.110.3 exactly (5.111 breaks [contenthash] with MF, 5.112 moves
 * internals MF needs), @module-federation/enhanced 2.9.2 — upgrade both together.
 */
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { devServerConfig } = require('./dev-server.cjs');
const { appOf } = require('./ports.cjs');
const { createSharedMap } = require('./shared-map.cjs');

const ROOT = path.resolve(__dirname, '../..');

/** swc options: TS/TSX, React automatic runtime, modern browsers (ES2020: every phone browser of the last years). */
function swcOptions(isDev) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2020',
      transform: { react: { runtime: 'automatic', development: isDev } },
    },
    module: { type: 'es6' },
    sourceMaps: isDev,
  };
}

/**
 * @param {object} o
 * @param {string} o.appDir       absolute path of the app directory (its folder name is its registry key)
 */
function createWebpackConfig({ appDir }) {
  const appName = path.basename(appDir);
  const { kind, port, name, title, exposes } = appOf(appName);
  const isHost = kind === 'host';
  const federation = {
    name,
    shared: createSharedMap(appDir),
    shareStrategy: 'loaded-first',
    dts: false,
    manifest: true,
    // remoteEntry.js: the API's frontends plugin and check-manifests rely on that name.
    ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
  };

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isDev = mode === 'development';
    const htmlTemplate = isHost ? path.join(appDir, 'public/index.html') : path.join(__dirname, 'standalone.html');
    const favicon = path.join(ROOT, 'shell/public/favicon.svg');

    /** @type {import('webpack').Configuration} */
    const config = {
      name: appName,
      mode,
      context: appDir,
      target: ['web', 'es2020'],
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(appDir, 'dist'),
        // Host is served at '/', remotes under '/_mf/<dir>/' (prod) or their own port (dev): 'auto' resolves from
        // the script URL, so a remote's chunks load from wherever its remoteEntry came from.
        publicPath: isHost ? '/' : 'auto',
        filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
        chunkFilename: isDev ? '[name].chunk.js' : '[name].[contenthash:10].chunk.js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        // Unique per app: several webpack runtimes live on one page.
        uniqueName: federation.name,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcOptions(isDev) },
          },
          // ESM packages (ky 2, react-router 7) import without extensions.
          { test: /\.m?js$/, resolve: { fullySpecified: false } },
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/i, type: 'asset' },
          { test: /\.css$/i, type: 'asset/resource' },
        ],
      },
      // Production: no public source maps (hidden ones would still be uploaded somewhere; not needed yet).
      devtool: isDev ? 'eval-cheap-module-source-map' : false,
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(appDir, 'node_modules/.cache/webpack'),
        name: `${appName}-${mode}`,
        buildDependencies: {
          config: [
            __filename,
            path.join(__dirname, 'shared-map.cjs'),
            path.join(__dirname, 'dev-server.cjs'),
            path.join(__dirname, 'ports.cjs'),
            path.join(appDir, 'webpack.config.cjs'),
          ].filter((f) => fs.existsSync(f)),
        },
      },
      optimization: {
        minimize: !isDev,
        minimizer: [
          new TerserPlugin({
            minify: TerserPlugin.swcMinify, // ~3x faster than terser on this machine
            extractComments: false,
            terserOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
          }),
        ],
        moduleIds: isDev ? 'named' : 'deterministic',
        chunkIds: isDev ? 'named' : 'deterministic',
      },
      performance: { hints: false },
      infrastructureLogging: { level: 'warn' },
      stats: isDev ? 'minimal' : { preset: 'errors-warnings', timings: true },
      plugins: [
        new ModuleFederationPlugin(federation),
        // The host always has a page; a remote only needs one for standalone development.
        ...(isHost || isDev
          ? [
              new HtmlWebpackPlugin({
                template: htmlTemplate,
                templateParameters: { title },
                favicon: fs.existsSync(favicon) ? favicon : undefined,
                chunks: ['main'],
                scriptLoading: 'defer',
              }),
            ]
          : []),
      ],
    };

    if (isDev) config.devServer = devServerConfig({ port, isHost });
    return config;
  };
}

module.exports = { createWebpackConfig, swcOptions, ROOT };

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
const CopyPlugin = require('copy-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
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
 * The chunk group of a server-rendered page's app (webpackChunkName in its boot entry, e.g. mf-public/src/page/boot.ts):
 * assets.json lists its files under `chunks.app`, which the API preloads on pages that start it at once.
 */
const APP_CHUNK = 'app';
/**
 * The entry of a server-rendered page's prefetch worker (e.g. mf-public/src/page/prefetch-worker.ts): assets.json lists
 * it under `chunks.prefetch`, and the API names it on the page's prefetch <meta>.
 */
const PREFETCH_WORKER_CHUNK = 'prefetch';
/** Text files a browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;

/**
 * Production: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file over 1 KB, made once at
 * build time. The API's static plugin (`preCompressed`) and nginx (`brotli_static`/`gzip_static`) send the one the
 * browser accepts, with `Vary: Accept-Encoding`; nothing is compressed per request. A copy that would not save 10 %
 * is skipped (the plain file is sent).
 */
function precompress() {
  const common = { test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

/**
 * @param {object} o
 * @param {string} o.appDir       absolute path of the app directory (its folder name is its registry key)
 */
/**
 * MUI's locale modules make an Intl.NumberFormat when they load (utils/buildFormatNumber): swapped for the same
 * function made lazy (mui-build-format-number.mjs), so a page loads ICU only when it formats something with Intl.
 */
function lazyLocaleNumbers() {
  const webpack = require('webpack');
  const lazy = path.join(__dirname, 'mui-build-format-number.mjs');
  return new webpack.NormalModuleReplacementPlugin(/buildFormatNumber/, (resource) => {
    if (/[\\/]@mui[\\/]material[\\/]locale$/.test(resource.context ?? '')) resource.request = lazy;
  });
}

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
        // page/ and ssr/ are the server-rendered page's builds (createFirstViewConfigs), made beside this one.
        clean: { keep: /^(page|ssr)\// },
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
            path.join(__dirname, 'mui-build-format-number.mjs'),
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
        lazyLocaleNumbers(),
        ...(isDev ? [] : precompress()),
        // The PNG icon of the buyer pages the API draws (api/src/plugins/buyer-pages.ts): an SVG icon is a document of
        // its own that a phone lays out (its text, its font) on the page's busy first second.
        ...(isHost && !isDev
          ? [new CopyPlugin({ patterns: [{ from: path.join(appDir, 'public/favicon.png') }] })]
          : []),
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

/** The JS/TS rules every build shares. */
function moduleRules(isDev) {
  return [
    { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions(isDev) } },
    { test: /\.m?js$/, resolve: { fullySpecified: false } },
  ];
}

/**
 * Writes assets.json beside the page's bundle: the entry's initial files in load order, which the API puts in the
 * page it renders (api/src/plugins/buyer-pages.ts), relative to where the bundle is served.
 */
class EntryAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EntryAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntryAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const files = compilation.entrypoints.get('main').getFiles();
          // Each named chunk loaded on demand (a page: webpackChunkName) with the files it needs beyond the entry's.
          const chunks = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (name === 'main') continue;
            chunks[name] = group.getFiles().filter((f) => f.endsWith('.js') && !files.includes(f));
          }
          const json = JSON.stringify({
            scripts: files.filter((f) => f.endsWith('.js')),
            styles: files.filter((f) => f.endsWith('.css')),
            chunks,
          });
          compilation.emitAsset('assets.json', new compiler.webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * The server-rendered page of a remote (mf-public's buyer page, issue 15): two production builds beside its Module
 * Federation one, without federation so that they are tree-shaken like any app.
 *  - dist/page/: the browser bundle (`client`, a boot entry that loads the app, chunk group APP_CHUNK, when the page
 *    needs it), split in a few chunks, + assets.json (the entry's files, and each named chunk group's);
 *  - dist/ssr/render.js: the server renderer (`server`, CommonJS for Node, one file) the API requires.
 * The API answers the page's URLs with the HTML the renderer draws and the bundle's scripts; the bundle takes over.
 *
 * @param {object} o
 * @param {string} o.appDir
 * @param {string} o.client  entry of the browser bundle (relative to appDir)
 * @param {string} o.server  entry of the server renderer (relative to appDir)
 * @param {string} [o.prefetchWorker]  entry of the worker that prefetches the app's files (PREFETCH_WORKER_CHUNK)
 * @param {string[]} [o.pages]  the chunks of the app's pages (webpackChunkName): a page loads its own besides the app
 */
function createFirstViewConfigs({ appDir, client, server, prefetchWorker, pages = [] }) {
  const notAPage = (chunk) => !pages.includes(chunk.name);
  const appName = path.basename(appDir);
  const cacheOf = (name, mode) => ({
    type: 'filesystem',
    cacheDirectory: path.join(appDir, 'node_modules/.cache/webpack'),
    name: `${appName}-${name}-${mode}`,
    buildDependencies: {
      config: [
        __filename,
        path.join(__dirname, 'mui-build-format-number.mjs'),
        path.join(appDir, 'webpack.config.cjs'),
      ],
    },
  });
  const common = (name, mode) => ({
    name: `${appName}-${name}`,
    mode,
    context: appDir,
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: { rules: moduleRules(false) },
    devtool: false,
    cache: cacheOf(name, mode),
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: { preset: 'errors-warnings', timings: true },
  });

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    /** @type {import('webpack').Configuration} */
    const browser = {
      ...common('page', mode),
      target: ['web', 'es2020'],
      entry: { main: client, ...(prefetchWorker ? { [PREFETCH_WORKER_CHUNK]: prefetchWorker } : {}) },
      output: {
        path: path.join(appDir, 'dist/page'),
        // Chunks load from wherever the page's scripts came from (/_mf/<dir>/page/ or a CDN).
        publicPath: 'auto',
        filename: '[name].[contenthash:10].js',
        chunkFilename: '[name].[contenthash:10].chunk.js',
        uniqueName: `${appName}-page`,
        clean: true,
      },
      optimization: {
        minimize: true,
        minimizer: [
          new TerserPlugin({
            minify: TerserPlugin.swcMinify,
            extractComments: false,
            terserOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
          }),
        ],
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // The runtime inside the boot entry: one script less to request before the page is live.
        runtimeChunk: false,
        // React, the other libraries, the app: a few files that download in parallel and evaluate in short tasks
        // (the app changes most often, React least). The entry is a small boot script that loads the app (the
        // chunk group named APP_CHUNK) when the page needs it.
        splitChunks: {
          chunks: 'all',
          cacheGroups: {
            react: {
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              name: 'react',
              chunks: (chunk) => chunk.name === APP_CHUNK,
              priority: 20,
            },
            // Only what the app's first view needs: a library used by a lazy part (a dialog's form fields) loads
            // with it.
            vendor: {
              test: /[\\/]node_modules[\\/]/,
              name: 'vendor',
              chunks: (chunk) => chunk.name === APP_CHUNK,
              priority: 10,
            },
            // A module two pages share (MUI's Paper in the campaign and the checkout) is copied into each: a page
            // loads one chunk besides the app, not three small shared ones (fewer requests, each with its headers).
            // The lazy parts of a page (its dialogs) still share theirs.
            defaultVendors: {
              test: /[\\/]node_modules[\\/]/,
              priority: -10,
              reuseExistingChunk: true,
              chunks: notAPage,
            },
            default: { minChunks: 2, priority: -20, reuseExistingChunk: true, chunks: notAPage },
          },
        },
      },
      plugins: [new EntryAssetsPlugin(), lazyLocaleNumbers(), ...precompress()],
    };
    /** @type {import('webpack').Configuration} */
    const node = {
      ...common('ssr', mode),
      target: 'node20',
      entry: { render: server },
      output: {
        path: path.join(appDir, 'dist/ssr'),
        filename: '[name].js',
        library: { type: 'commonjs2' },
        clean: true,
      },
      optimization: { minimize: false, splitChunks: false },
      plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 })],
    };
    return [browser, node];
  };
}

module.exports = { createWebpackConfig, createFirstViewConfigs, swcOptions, precompress, ROOT };

'use strict';
const { createSharedMap } = require('../tooling/webpack/shared-map.cjs');

/** Remote mf_wallet. Exposes stay coarse: the router component plus the two dashboard widgets (see README.md). */
module.exports = {
  name: 'mf_wallet',
  filename: 'remoteEntry.js',
  exposes: {
    './App': './src/app.tsx',
    './WalletCard': './src/widgets/wallet-card.tsx',
    './WalletBanner': './src/widgets/wallet-banner.tsx',
  },
  shared: createSharedMap(__dirname),
  shareStrategy: 'loaded-first',
  dts: false,
  manifest: true,
};

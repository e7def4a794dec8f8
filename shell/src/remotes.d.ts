/**
 * Hand-written types of the remotes' exposed modules (dts generation is off: it doubles build time and needs the
 * remotes running). Keep in sync with each mf-<x>/module-federation.config.cjs `exposes`.
 * The shell never imports these statically; it loads them through src/remotes/load-remote.ts.
 */
declare module 'mf_campaigns/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
  export { App };
}

declare module 'mf_wallet/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
  export { App };
}

declare module 'mf_wallet/WalletCard' {
  import type { ComponentType } from 'react';
  const WalletCard: ComponentType;
  export default WalletCard;
  export { WalletCard };
}

declare module 'mf_wallet/WalletBanner' {
  import type { ComponentType } from 'react';
  const WalletBanner: ComponentType;
  export default WalletBanner;
  export { WalletBanner };
}

declare module 'mf_profile/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
  export { App };
}

declare module 'mf_whatsapp/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
  export { App };
}

declare module 'mf_public/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
  export { App };
}

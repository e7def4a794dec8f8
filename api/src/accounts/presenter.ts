import type { walletListItem } from '../wallets/service';

/** The wallet list item (wallets/schemas.ts walletSchema), built by the wallets module: one shape for both replies. */
export type WalletListItem = ReturnType<typeof walletListItem>;

import type { walletListItem } from '../wallets/service';

/** The wallet list item of the issue-3 contract, built by the wallets module (one shape for both replies). */
export type WalletListItem = ReturnType<typeof walletListItem>;

/** JSON Schema of WalletListItem for the account-opening reply (drives the serializer and the OpenAPI document). */
export const walletListItemSchema = {
  type: 'object',
  required: ['id', 'is_active', 'status', 'status_label', 'account_number', 'wallet_type', 'created_at'],
  properties: {
    id: { type: 'integer' },
    is_active: { type: 'boolean' },
    status: { type: 'string', enum: ['in_review', 'active', 'rejected', 'closed'] },
    status_label: { type: 'string', enum: ['Em análise', 'Ativa', 'Recusada', 'Encerrada'] },
    account_number: { type: 'string' },
    wallet_type: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

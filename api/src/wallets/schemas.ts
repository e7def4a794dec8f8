import * as v from 'valibot';
import { integer, isoTimestamp, paginationSchema, replySchema } from '../lib/reply-schema';

/**
 * Replies of the wallet calls (spec section 7 "Wallets") and of Pix deposits. One wallet shape, used by the wallet
 * list and by the account-opening reply (accounts/routes.ts).
 */

export const walletSchema = v.object({
  id: integer,
  is_active: v.boolean(),
  status: v.picklist(['in_review', 'active', 'rejected', 'closed']),
  status_label: v.picklist(['Em análise', 'Ativa', 'Recusada', 'Encerrada']),
  account_number: v.string(),
  wallet_type: v.object({ id: integer, name: v.string() }),
  created_at: isoTimestamp,
});

export const walletsReplySchema = v.object({ success: v.boolean(), data: v.array(walletSchema) });

export const balanceReplySchema = v.object({
  success: v.boolean(),
  message: v.string(),
  data: v.object({
    saldo_disponivel: v.pipe(v.number(), v.description('Reais, 2 casas ("Disponível")')),
    saldo_bloqueado: v.pipe(v.number(), v.description('Reais, 2 casas ("Futuro")')),
    saldo_total: v.number(),
    ultima_consulta: isoTimestamp,
    account_number: v.string(),
  }),
});

export const historyReplySchema = v.object({
  success: v.boolean(),
  data: v.array(
    v.object({
      id: integer,
      type: v.pipe(
        v.picklist(['in', 'out', 'move']),
        v.description("'move': between the wallet's own balances (a draw's release, Futuro → Disponível)"),
      ),
      kind: v.string(),
      description: v.string(),
      amount: v.pipe(v.number(), v.description('Reais, sempre positivo; `type` dá o sentido')),
      balance: v.pipe(
        v.picklist(['available', 'blocked']),
        v.description('Where the money is now: a sale released by its draw is available'),
      ),
      status: v.picklist(['completed', 'pending', 'failed']),
      transfer_id: v.pipe(v.nullable(integer), v.description("The transfer of a 'transfer' line (its receipt)")),
      created_at: isoTimestamp,
    }),
  ),
  pagination: paginationSchema,
});

export const transferReplySchema = v.object({
  success: v.pipe(v.boolean(), v.description("false when the transfer failed (status 'failed', money given back)")),
  message: v.pipe(v.string(), v.description('pt-BR: enviada, ou por que falhou e que o valor voltou ao saldo')),
  data: v.object({
    id: integer,
    amount: v.number(),
    formatted_amount: v.string(),
    pix_key: v.pipe(v.string(), v.description('Chave na forma canônica')),
    status: v.picklist(['processing', 'completed', 'failed']),
    created_at: isoTimestamp,
  }),
});

export const depositReplySchema = v.object({
  success: v.boolean(),
  message: v.optional(v.string()),
  payment: v.object({
    id: integer,
    txid: v.string(),
    amount: v.pipe(v.number(), v.description('Reais, 2 casas')),
    formatted_amount: v.string(),
    status: v.picklist(['pending', 'paid', 'expired']),
    expires_at: isoTimestamp,
    paid_at: v.nullable(isoTimestamp),
  }),
  pix: v.object({
    qr_code: v.pipe(v.string(), v.description('PNG em data URL')),
    copy_paste_code: v.pipe(v.string(), v.description('BR Code "Pix copia e cola"')),
  }),
  sandbox_pay_url: v.pipe(
    v.nullable(v.string()),
    v.description('Só com o PSP sandbox: POST nesta URL simula o pagamento'),
  ),
});

export const WALLET_REPLIES = {
  wallets: replySchema(walletsReplySchema),
  balance: replySchema(balanceReplySchema),
  history: replySchema(historyReplySchema),
  transfer: replySchema(transferReplySchema),
  deposit: replySchema(depositReplySchema),
} as const;

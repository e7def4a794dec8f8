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

/** The key as shown back: a CPF masked as the banks do ('***.456.789-**'), the other types punctuated. */
const keyFields = {
  pix_key: v.pipe(v.string(), v.description("Para exibir: CPF mascarado ('***.456.789-**'), os demais formatados")),
  pix_key_type: v.picklist(['cpf', 'cnpj', 'email', 'phone', 'evp']),
  pix_key_type_label: v.string(),
};

/** The recipient as the PSP's directory (DICT) answered; null when the PSP offers no lookup. */
const recipientSchema = v.nullable(
  v.object({
    name: v.string(),
    document: v.pipe(v.string(), v.description("CPF mascarado ('***.456.789-**') ou CNPJ")),
    bank: v.string(),
    ispb: v.string(),
  }),
);

export const transferReplySchema = v.object({
  success: v.pipe(v.boolean(), v.description("false when the transfer failed (status 'failed', money given back)")),
  message: v.pipe(v.string(), v.description('pt-BR: enviada, ou por que falhou e que o valor voltou ao saldo')),
  data: v.object({
    id: integer,
    amount: v.number(),
    formatted_amount: v.string(),
    ...keyFields,
    description: v.string(),
    recipient: recipientSchema,
    status: v.picklist(['processing', 'completed', 'failed']),
    end_to_end_id: v.pipe(
      v.nullable(v.string()),
      v.description('ID fim a fim do Pix (32 caracteres), quando concluída'),
    ),
    created_at: isoTimestamp,
    completed_at: v.nullable(isoTimestamp),
  }),
});

export const transferPreviewReplySchema = v.object({
  success: v.boolean(),
  message: v.string(),
  data: v.object({
    amount: v.number(),
    formatted_amount: v.string(),
    ...keyFields,
    description: v.string(),
    recipient: recipientSchema,
  }),
  sandbox: v.pipe(v.boolean(), v.description('PSP sandbox: o destinatário é fictício')),
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
  transferPreview: replySchema(transferPreviewReplySchema),
  /** The receipt: PDF bytes, declared for the OpenAPI document. */
  receiptPdf: { description: 'PDF (A4): comprovante da transferência Pix', type: 'string', format: 'binary' },
  deposit: replySchema(depositReplySchema),
} as const;

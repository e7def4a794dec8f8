import type { Sale, SaleNumbersReply, SalesReply, SalesStatistics } from '@rifaria/shared/types';
import * as v from 'valibot';
import {
  campaignStatusSchema,
  integer,
  isoTimestamp,
  ownedErrors,
  paginationSchema,
  purchaseStatusSchema,
  reais,
  replySchema,
  wire,
} from '../lib/reply-schema';

/** Reply of GET /api/campaigns/{id}/sales (spec section 7), checked against the shared contract at the end. */

export const saleSchema = wire<Sale>()(
  v.object({
    id: integer,
    buyer: v.object({
      name: v.string(),
      cpf: v.pipe(v.string(), v.description("Mascarado: '***.456.789-**'")),
      email: v.pipe(
        v.nullable(v.string()),
        v.description("Completo só em compras Pago; nas demais mascarado: 'a***@gmail.com'"),
      ),
      phone: v.pipe(
        v.string(),
        v.description("Pago: somente dígitos ('11987654321'); nas demais mascarado: '(11) *****-4321'"),
      ),
    }),
    total_tickets: integer,
    total_value: reais,
    status: purchaseStatusSchema,
    purchased_at: isoTimestamp,
    numbers: v.optional(
      v.pipe(
        v.array(v.string()),
        v.description(
          "Só com with_numbers=1: os números da compra em ordem, com zeros à esquerda na largura da campanha ('0042')",
        ),
      ),
    ),
    numbers_preview: v.optional(
      v.pipe(
        v.object({ first: v.array(v.string()), more: integer }),
        v.description(
          "Os primeiros números da compra (até 5, em ordem, com zeros à esquerda) e quantos mais ela tem ('+N' na tabela)",
        ),
      ),
    ),
  }),
);

export const saleNumbersReplySchema = wire<SaleNumbersReply>()(
  v.object({
    success: v.literal(true),
    message: v.string(),
    data: v.object({ id: integer, numbers: v.array(v.string()) }),
  }),
);

export const salesStatisticsSchema = wire<SalesStatistics>()(
  v.object({
    total_sales: integer,
    total_revenue: reais,
    total_tickets_sold: integer,
    tickets_available: integer,
  }),
);

export const salesReplySchema = wire<SalesReply>()(
  v.object({
    success: v.literal(true),
    message: v.string(),
    data: v.array(saleSchema),
    pagination: paginationSchema,
    statistics: salesStatisticsSchema,
    campaign: v.object({
      id: integer,
      name: v.string(),
      ticket_price: reais,
      total_tickets: integer,
      status: campaignStatusSchema,
    }),
  }),
);

export const SALES_REPLIES = {
  list: replySchema(salesReplySchema),
  /** The CSV download: streamed text (never serialized by fast-json-stringify), declared for the OpenAPI document. */
  csv: { description: 'CSV (UTF-8 com BOM, separado por ponto e vírgula)', type: 'string' },
  /** The PDF download: streamed bytes, declared for the OpenAPI document. */
  pdf: {
    description: 'PDF (A4 paisagem): cabeçalho da campanha e tabela das vendas',
    type: 'string',
    format: 'binary',
  },
  numbers: replySchema(saleNumbersReplySchema),
  /** Owner-scoped: 404 for another organiser's campaign. */
  errors: ownedErrors,
} as const;

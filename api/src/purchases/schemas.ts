import type { MyTickets, Purchase, PurchaseCreated } from '@rifaria/shared/types';
import * as v from 'valibot';
import { publicBuyerSchema } from '../buyers/schemas';
import {
  errorEntries,
  integer,
  isoTimestamp,
  lookupReplySchema,
  nullableString,
  purchaseStatusSchema,
  replySchema,
  wire,
} from '../lib/reply-schema';

/** Replies of the public purchase calls (spec section 7 "Public purchasing"), checked against the shared contract. */

export const purchaseCreatedSchema = wire<PurchaseCreated>()(
  v.object({
    purchase_hash: v.pipe(v.string(), v.description('Identificador público da compra (checkout)')),
    expires_at: v.pipe(isoTimestamp, v.description('Fim da reserva e do Pix')),
  }),
);

export const purchaseCreatedReplySchema = v.object({
  success: v.boolean(),
  message: v.string(),
  data: purchaseCreatedSchema,
});

/**
 * 422 of POST: field errors; `details.remaining` when fewer numbers are left than asked; `details.limit` and
 * `details.pending` when the buyer already holds too many unpaid numbers in the campaign.
 */
export const purchaseErrorReplySchema = v.pipe(
  v.object({
    ...errorEntries,
    details: v.optional(
      v.object({
        remaining: v.optional(integer),
        limit: v.optional(v.pipe(integer, v.description('Números não pagos que um comprador pode ter nesta campanha'))),
        pending: v.optional(v.pipe(integer, v.description('Números do comprador aguardando pagamento nesta campanha'))),
      }),
    ),
  }),
  v.description('Falha: mensagem em pt-BR e, em 422, erros por campo.'),
);

const ticketSchema = v.object({
  id: integer,
  number: v.pipe(v.string(), v.description('Com zeros à esquerda')),
});

export const purchaseSchema = wire<Purchase>()(
  v.object({
    purchase_hash: v.string(),
    purchased_at: isoTimestamp,
    purchased_at_formatted: v.string(),
    expires_at: isoTimestamp,
    server_time: v.pipe(isoTimestamp, v.description('Relógio do servidor (corrige a contagem)')),
    paid_at: v.nullable(isoTimestamp),
    total_tickets: integer,
    total_value: v.pipe(v.number(), v.description('Reais, 2 casas')),
    status: purchaseStatusSchema,
    refund_status: v.nullable(v.picklist(['pending', 'refunded', 'failed'])),
    ends_at_draw: v.pipe(
      v.boolean(),
      v.description(
        'A reserva termina porque as vendas fecham para o sorteio (prazo = data do sorteio, ou cancelada por ele)',
      ),
    ),
    campaign: v.object({
      title: v.string(),
      link: v.string(),
      full_url: v.string(),
      ticket_price: v.number(),
      draw_date_formatted: nullableString,
      draw_method: v.picklist(['rifaria', 'federal']),
      draw_commitment: v.pipe(
        nullableString,
        v.description("'Sorteio Rifaria': o compromisso (SHA-256 da semente) publicado antes das vendas"),
      ),
      organizer: v.object({ name: v.string(), whatsapp: nullableString }),
    }),
    tickets: v.array(ticketSchema),
    buyer: publicBuyerSchema,
    payment: v.nullable(
      v.object({
        txid: v.string(),
        copy_paste_code: v.pipe(v.string(), v.description('BR Code "Pix copia e cola"')),
        qr_code: v.pipe(v.string(), v.description('PNG em data URL')),
        expires_at: isoTimestamp,
      }),
    ),
    sandbox: v.boolean(),
  }),
);

export const purchaseReplySchema = v.object({ success: v.boolean(), data: purchaseSchema });

/** "Meus números": the buyer's name (no other personal data) and their purchases in this campaign. */
export const myTicketsDataSchema = wire<MyTickets>()(
  v.object({
    buyer: v.object({ name: v.string() }),
    purchases: v.array(
      v.object({
        purchase_hash: purchaseSchema.entries.purchase_hash,
        purchased_at: purchaseSchema.entries.purchased_at,
        purchased_at_formatted: purchaseSchema.entries.purchased_at_formatted,
        total_tickets: purchaseSchema.entries.total_tickets,
        total_value: purchaseSchema.entries.total_value,
        status: purchaseSchema.entries.status,
        tickets: purchaseSchema.entries.tickets,
      }),
    ),
    prizes: v.pipe(
      v.array(v.object({ position: integer, award: v.object({ description: v.string() }), number: v.string() })),
      v.description('Depois do sorteio: os números do comprador que ganharam, na ordem dos prêmios'),
    ),
  }),
);

export const PURCHASE_REPLIES = {
  created: replySchema(purchaseCreatedReplySchema),
  refused: replySchema(purchaseErrorReplySchema),
  purchase: replySchema(purchaseReplySchema),
  myTickets: replySchema(lookupReplySchema(myTicketsDataSchema)),
  receipt: { description: 'Comprovante da compra (PDF, A4)', type: 'string', format: 'binary' },
} as const;

import { amendmentSchema } from '../draws/schemas';
import type {
  Award,
  Campaign,
  CampaignListReply,
  CampaignStats,
  DrawType,
  PublicCampaign,
  PublishReply,
  SalesChartEntry,
} from '@rifaria/shared/types';
import * as v from 'valibot';
import {
  campaignStatusSchema,
  integer,
  isoTimestamp,
  ownedErrors,
  reais,
  replySchema,
  saoPauloDay,
  wire,
} from '../lib/reply-schema';

/**
 * Reply shapes of the campaign routes (spec section 7), checked at compile time against the wire types of
 * @rifaria/shared/types (at the end): a field added to the contract and not here, or the other way round, fails
 * `tsc`. How replies are described: lib/reply-schema.ts.
 */

export const drawTypeSchema = wire<DrawType>()(v.object({ id: integer, description: v.string() }));

export const awardSchema = wire<Award>()(
  v.object({
    id: integer,
    description: v.string(),
    value: v.nullable(reais),
    position: integer,
  }),
);

export const campaignStatsSchema = wire<CampaignStats>()(
  v.object({
    tickets_sold: v.pipe(integer, v.description('Tickets pagos')),
    total_tickets: integer,
    tickets_available: v.pipe(integer, v.description('Total − vendidos − reservados por compras pendentes')),
    total_revenue: reais,
    sales_percentage: v.pipe(v.number(), v.description('0–100, até 2 casas decimais')),
  }),
);

export const salesChartEntrySchema = wire<SalesChartEntry>()(
  v.object({ date: saoPauloDay, sales: integer, revenue: reais }),
);

const campaignEntries = {
  id: integer,
  name: v.string(),
  title: v.string(),
  status: campaignStatusSchema,
  draw_type: drawTypeSchema,
  total_tickets: integer,
  ticket_price: reais,
  rules: v.string(),
  banner: v.pipe(
    v.nullable(v.string()),
    v.description('Banner: /media/banners/<chave> (arquivo enviado, mesma origem) ou a URL https informada'),
  ),
  banner_image: v.nullable(v.string()),
  link: v.string(),
  full_url: v.pipe(
    v.string(),
    v.description('Página pública: <PUBLIC_URL>/p/<link> (sem PUBLIC_URL: o endereço em que o site foi aberto)'),
  ),
  draw_datetime: v.pipe(
    v.nullable(v.string()),
    v.description("'AAAA-MM-DD HH:MM:SS' no horário de São Paulo, ou null"),
  ),
  draw_date: v.nullable(isoTimestamp),
  draw_date_formatted: v.pipe(v.nullable(v.string()), v.description("'28/11/2026 às 20:00', ou null")),
  user_wallet_id: integer,
  wallet: v.nullable(
    v.object({ id: integer, account_number: v.string(), wallet_type: v.object({ name: v.string() }) }),
  ),
  awards: v.array(awardSchema),
  stats: campaignStatsSchema,
  sales_chart: v.pipe(
    v.optional(v.array(salesChartEntrySchema)),
    v.description('Últimos 14 dias; só em GET /api/campaigns/{id}'),
  ),
  published_at: v.nullable(isoTimestamp),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  draw_commitment: v.pipe(
    v.nullable(v.string()),
    v.description(
      "'Sorteio Rifaria': SHA-256 (hex) da semente do sorteio, desde a publicação; null na Loteria Federal",
    ),
  ),
  drawn_at: v.pipe(v.nullable(isoTimestamp), v.description('Quando o sorteio foi realizado, ou null')),
  has_reservations: v.optional(
    v.pipe(
      v.boolean(),
      v.description('Só em GET /api/campaigns/{id}: há números reservados (preço e prêmios travados)'),
    ),
  ),
  amendments: v.optional(
    v.pipe(
      v.array(amendmentSchema),
      v.description('Só em GET /api/campaigns/{id}: as alterações depois das vendas, da mais antiga à mais nova'),
    ),
  ),
};

export const campaignSchema = wire<Campaign>()(v.object(campaignEntries));

export const campaignListReplySchema = wire<CampaignListReply>()(
  v.object({
    success: v.literal(true),
    data: v.array(campaignSchema),
    summary: v.object({ active_count: integer, draft_count: integer, total_raised: reais }),
  }),
);

export const campaignReplySchema = v.object({ success: v.literal(true), data: campaignSchema });

export const campaignMessageReplySchema = v.object({
  success: v.literal(true),
  message: v.string(),
  data: campaignSchema,
});

export const publishReplySchema = wire<PublishReply>()(
  v.object({
    success: v.literal(true),
    message: v.string(),
    data: v.object({
      ...campaignEntries,
      processing: v.pipe(v.boolean(), v.description('Acima de 10.000 tickets o modal mostra o estado "processando"')),
    }),
  }),
);

/** The banner for `<picture>` (shared BannerImage). */
export const bannerImageSchema = v.pipe(
  v.nullable(
    v.object({
      src: v.pipe(v.string(), v.description('O <img src>: o JPEG de até 1200 px (ou a URL externa / o original)')),
      width: v.pipe(v.nullable(integer), v.description('Largura da maior variante; null sem variantes')),
      height: v.nullable(integer),
      sources: v.pipe(
        v.array(v.object({ type: v.picklist(['image/avif', 'image/webp']), srcset: v.string() })),
        v.description("AVIF, depois WebP: '/media/banners/<chave>/w480.avif 480w, …'; vazio sem variantes"),
      ),
      preview: v.pipe(v.nullable(v.string()), v.description('JPEG 1200×630 para prévias de link (og:image), ou null')),
    }),
  ),
  v.description('O banner em tamanhos e formatos para <picture>; null sem banner'),
);

/** GET /public/campaigns/{link}: what the buyer's page shows, nothing of the organiser but name and WhatsApp. */
export const publicCampaignSchema = wire<PublicCampaign>()(
  v.object({
    name: v.string(),
    title: v.string(),
    link: v.string(),
    full_url: campaignEntries.full_url,
    banner_image: campaignEntries.banner,
    banner: bannerImageSchema,
    ticket_price: reais,
    total_tickets: integer,
    draw_datetime: campaignEntries.draw_datetime,
    draw_date: campaignEntries.draw_date,
    draw_date_formatted: campaignEntries.draw_date_formatted,
    draw_type: drawTypeSchema,
    draw_commitment: campaignEntries.draw_commitment,
    draw_rule: v.pipe(
      v.string(),
      v.description('Como os ganhadores são sorteados, em pt-BR, publicado antes das vendas'),
    ),
    drawn: v.pipe(v.boolean(), v.description('true depois do sorteio: GET /public/campaigns/{link}/result responde')),
    status: campaignStatusSchema,
    organizer: v.object({ name: v.string(), whatsapp: v.nullable(v.string()) }),
    awards: v.array(awardSchema),
    rules: v.pipe(v.string(), v.description("HTML saneado (b, strong, i, em, u, br, p); '' = texto padrão")),
    stats: v.object({
      sales_percentage: campaignStatsSchema.entries.sales_percentage,
      tickets_available: campaignStatsSchema.entries.tickets_available,
      tickets_paid: v.pipe(integer, v.description('Números pagos (depois do sorteio: os que o sorteio usou)')),
    }),
    accepting_purchases: v.pipe(v.boolean(), v.description('false: publicada mas sem venda (data passou, esgotada)')),
    max_tickets_per_purchase: integer,
    amendments: v.pipe(v.array(amendmentSchema), v.description('Alterações do regulamento depois das vendas')),
  }),
);

export const publicCampaignReplySchema = v.object({ success: v.literal(true), data: publicCampaignSchema });

export const drawTypesReplySchema = v.object({ success: v.literal(true), data: v.array(drawTypeSchema) });

/** Every campaign route needs a session and answers 404 for another organiser's id. */
export const campaignErrors = ownedErrors;

export const CAMPAIGN_REPLIES = {
  drawTypes: replySchema(drawTypesReplySchema),
  list: replySchema(campaignListReplySchema),
  get: replySchema(campaignReplySchema),
  withMessage: replySchema(campaignMessageReplySchema),
  publish: replySchema(publishReplySchema),
  publicPage: replySchema(publicCampaignReplySchema),
} as const;

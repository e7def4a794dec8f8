import { toJsonSchema } from '@valibot/to-json-schema';
import type {
  Award,
  Campaign,
  CampaignListReply,
  CampaignStats,
  DashboardOverview,
  DrawType,
  LatestSalesPoint,
  Pagination,
  PublishReply,
  Sale,
  SalesChartEntry,
  SalesReply,
  SalesStatistics,
} from '@rifaria/shared/types';
import * as v from 'valibot';
import { authErrors, errorReply } from '../schemas/responses';

/**
 * Reply shapes of the campaign, sales and dashboard routes (spec section 7), written with valibot and checked at
 * compile time against the wire types of @rifaria/shared/types (see `SameShape` at the end): a field added to
 * the contract and not here, or the other way round, fails `tsc`.
 *
 * `replySchema()` turns them into the JSON Schema that a route's `response` needs. Fastify compiles it with
 * fast-json-stringify, which writes ONLY the declared properties (a column added to a query can never leak)
 * and throws on a missing required one; the same JSON Schema documents the route in /api/docs.
 */

const integer = v.pipe(v.number(), v.integer());
const reais = v.pipe(v.number(), v.description('Reais, 2 casas decimais'));
const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
const saoPauloDay = v.pipe(v.string(), v.description("'AAAA-MM-DD' no horário de São Paulo"));

const campaignStatusSchema = v.object({
  id: v.pipe(v.picklist([1, 2, 3, 4]), v.description('1 Rascunho, 2 Publicada, 3 Cancelada, 4 Finalizada')),
  description: v.string(),
});

export const drawTypeSchema = v.object({ id: integer, description: v.string() });

export const awardSchema = v.object({
  id: integer,
  description: v.string(),
  value: v.nullable(reais),
  position: integer,
});

export const campaignStatsSchema = v.object({
  tickets_sold: v.pipe(integer, v.description('Tickets pagos')),
  total_tickets: integer,
  tickets_available: v.pipe(integer, v.description('Total − vendidos − reservados por compras pendentes')),
  total_revenue: reais,
  sales_percentage: v.pipe(v.number(), v.description('0–100, até 2 casas decimais')),
});

export const salesChartEntrySchema = v.object({ date: saoPauloDay, sales: integer, revenue: reais });

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
};

export const campaignSchema = v.object(campaignEntries);

export const campaignListReplySchema = v.object({
  success: v.literal(true),
  data: v.array(campaignSchema),
  summary: v.object({ active_count: integer, draft_count: integer, total_raised: reais }),
});

export const campaignReplySchema = v.object({ success: v.literal(true), data: campaignSchema });

export const campaignMessageReplySchema = v.object({
  success: v.literal(true),
  message: v.string(),
  data: campaignSchema,
});

export const publishReplySchema = v.object({
  success: v.literal(true),
  message: v.string(),
  data: v.object({
    ...campaignEntries,
    processing: v.pipe(v.boolean(), v.description('Acima de 10.000 tickets o modal mostra o estado "processando"')),
  }),
});

export const drawTypesReplySchema = v.object({ success: v.literal(true), data: v.array(drawTypeSchema) });

export const paginationSchema = v.object({
  current_page: integer,
  per_page: integer,
  total: integer,
  last_page: integer,
  has_more_pages: v.boolean(),
  from: v.nullable(integer),
  to: v.nullable(integer),
});

export const saleSchema = v.object({
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
  status: v.object({ id: v.picklist([1, 2, 3]), name: v.picklist(['Pendente', 'Pago', 'Cancelado']) }),
  purchased_at: isoTimestamp,
});

export const salesStatisticsSchema = v.object({
  total_sales: integer,
  total_revenue: reais,
  total_tickets_sold: integer,
  tickets_available: integer,
});

export const salesReplySchema = v.object({
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
});

export const dashboardOverviewSchema = v.object({
  active_campaigns: integer,
  has_wallet: v.boolean(),
  has_published_campaign: v.boolean(),
  wallet: v.nullable(v.object({ total: reais, available: reais, blocked: reais })),
});

export const latestSalesPointSchema = v.object({
  day: saoPauloDay,
  value: v.pipe(v.number(), v.description('Reais (metric=revenue) ou quantidade de tickets (metric=tickets)')),
});

export const dashboardOverviewReplySchema = v.object({ success: v.literal(true), data: dashboardOverviewSchema });
export const latestSalesReplySchema = v.object({ success: v.literal(true), data: v.array(latestSalesPointSchema) });

// valibot → JSON Schema for fast-json-stringify and OpenAPI ------------------------------------------------------

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const jsonTypeOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? 'string'
    : typeof value === 'boolean'
      ? 'boolean'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : null;

/**
 * Rewrites the few forms @valibot/to-json-schema emits that fast-json-stringify handles slowly or loosely:
 * `anyOf [X, null]` → `type: [X, 'null']` (no Ajv call per value), `anyOf` of constants → `enum`, a bare
 * `const` gets its `type` (otherwise it would be written whatever the value), and keys OpenAPI 3.0 lacks go.
 */
function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'propertyNames') continue;
    out[key] = normalise(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf)) {
    const options = anyOf as Json[];
    const nonNull = options.filter((option) => option.type !== 'null');
    const single = nonNull[0];
    if (options.length === 2 && nonNull.length === 1 && single && typeof single.type === 'string') {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...single, ...rest, type: [single.type, 'null'] };
    }
    const constants = options.map((option) => option.const);
    const types = new Set(options.map((option) => option.type));
    if (options.every((option) => 'const' in option) && types.size === 1) {
      const { anyOf: _anyOf, ...rest } = out;
      const type = [...types][0] ?? jsonTypeOf(constants[0]);
      return { ...rest, type: type === 'integer' ? 'integer' : type, enum: constants };
    }
  }
  if ('const' in out && out.type === undefined) {
    const type = jsonTypeOf(out.const);
    if (type) out.type = type;
  }
  if (Array.isArray(out.enum) && out.type === 'number' && out.enum.every((value) => Number.isInteger(value))) {
    out.type = 'integer';
  }
  return out;
}

/** The JSON Schema of a valibot reply shape, ready for a route's `response`. */
export function replySchema(schema: v.GenericSchema): Json {
  return normalise(toJsonSchema(schema, { errorMode: 'throw' })) as Json;
}

/** 422 of a refused cancellation: the cancel modal reads `details.tickets_sold`. */
export const cancelRefusedReply = {
  ...errorReply,
  description: 'Falha: mensagem em pt-BR; ao recusar o cancelamento, `details.tickets_sold`.',
  properties: {
    ...errorReply.properties,
    details: { type: 'object', required: ['tickets_sold'], properties: { tickets_sold: { type: 'integer' } } },
  },
} as const;

/** Every campaign/dashboard route needs a session; the campaign ones answer 404 for another organiser's id. */
export const campaignErrors = { ...authErrors, 404: errorReply } as const;

export const CAMPAIGN_REPLIES = {
  drawTypes: replySchema(drawTypesReplySchema),
  list: replySchema(campaignListReplySchema),
  get: replySchema(campaignReplySchema),
  withMessage: replySchema(campaignMessageReplySchema),
  publish: replySchema(publishReplySchema),
  sales: replySchema(salesReplySchema),
  dashboardOverview: replySchema(dashboardOverviewReplySchema),
  latestSales: replySchema(latestSalesReplySchema),
} as const;

// Compile-time check against the shared contract ------------------------------------------------------------------

/** Flattens intersections and nested objects so two equal shapes compare equal. */
type Flat<T> = T extends readonly unknown[]
  ? { [K in keyof T]: Flat<T[K]> }
  : T extends object
    ? { [K in keyof T]: Flat<T[K]> }
    : T;
type Same<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;
type Check<T extends true> = T;
type Out<S extends v.GenericSchema> = v.InferOutput<S>;

export type ReplyContractChecks = [
  Check<Same<Out<typeof drawTypeSchema>, DrawType>>,
  Check<Same<Out<typeof awardSchema>, Award>>,
  Check<Same<Out<typeof campaignStatsSchema>, CampaignStats>>,
  Check<Same<Out<typeof salesChartEntrySchema>, SalesChartEntry>>,
  Check<Same<Out<typeof campaignSchema>, Campaign>>,
  Check<Same<Out<typeof campaignListReplySchema>, CampaignListReply>>,
  Check<Same<Out<typeof publishReplySchema>, PublishReply>>,
  Check<Same<Out<typeof paginationSchema>, Pagination>>,
  Check<Same<Out<typeof saleSchema>, Sale>>,
  Check<Same<Out<typeof salesStatisticsSchema>, SalesStatistics>>,
  Check<Same<Out<typeof salesReplySchema>, SalesReply>>,
  Check<Same<Out<typeof dashboardOverviewSchema>, DashboardOverview>>,
  Check<Same<Out<typeof latestSalesPointSchema>, LatestSalesPoint>>,
];

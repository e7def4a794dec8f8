import { toJsonSchema } from '@valibot/to-json-schema';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { CAMPAIGN_STATUS, PURCHASE_STATUS, type Pagination } from '@rifaria/shared/types';
import * as v from 'valibot';

/**
 * How every route describes its reply: a valibot shape in its domain's `schemas.ts`, checked at compile time against
 * the wire type of @rifaria/shared/types where one exists (`Same` / `Check` below), turned into JSON Schema by
 * `replySchema()` for the route's `response`.
 *
 * Fastify compiles that JSON Schema with fast-json-stringify, which writes ONLY the declared properties (a column
 * added to a query, a buyer's full CPF, can never leak) and throws on a missing required one; the same JSON Schema
 * documents the route in /api/docs. Requests are validated with valibot too (lib/valibot.ts).
 */

/**
 * The schema, unchanged, once `tsc` has checked that its output is exactly the shared wire type T (an extra argument
 * is required, and none fits, when they drift apart): `export const saleSchema = wire<Sale>()(v.object({ ... }))`.
 */
export const wire =
  <T>() =>
  <S extends v.GenericSchema>(schema: S, ..._exact: Same<Out<S>, T> extends true ? [] : [never]): S =>
    schema;

// Building blocks ------------------------------------------------------------------------------------------------

export const integer = v.pipe(v.number(), v.integer());
export const reais = v.pipe(v.number(), v.description('Reais, 2 casas decimais'));
export const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
export const saoPauloDay = v.pipe(v.string(), v.description("'AAAA-MM-DD' no horário de São Paulo"));
export const nullableString = v.nullable(v.string());

const ids = <T extends Record<number, string>>(names: T) => Object.keys(names).map(Number);
const described = <T extends Record<number, string>>(names: T) =>
  Object.entries(names)
    .map(([id, name]) => `${id} ${name}`)
    .join(', ');

/** { id, description } of a campaign status (shared CAMPAIGN_STATUS). */
export const campaignStatusSchema = v.object({
  id: v.pipe(v.picklist(ids(CAMPAIGN_STATUS) as [1, 2, 3, 4, 5]), v.description(described(CAMPAIGN_STATUS))),
  description: v.string(),
});

/** { id, name } of a purchase status (shared PURCHASE_STATUS). */
export const purchaseStatusSchema = v.object({
  id: v.pipe(v.picklist(Object.values(PURCHASE_STATUS_ID) as [1, 2, 3, 4]), v.description(described(PURCHASE_STATUS))),
  name: v.picklist(Object.values(PURCHASE_STATUS) as ['Pendente', 'Pago', 'Cancelado', 'Reembolsado']),
});

export const paginationSchema = wire<Pagination>()(
  v.object({
    current_page: integer,
    per_page: integer,
    total: integer,
    last_page: integer,
    has_more_pages: v.boolean(),
    from: v.nullable(integer),
    to: v.nullable(integer),
  }),
);

// Replies every domain uses ---------------------------------------------------------------------------------------

/** The fields of every failure; a route that adds `details` spreads these (see campaigns' cancelRefusedReply). */
export const errorEntries = {
  success: v.literal(false),
  message: v.string(),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
};

export const errorReplySchema = v.pipe(
  v.object(errorEntries),
  v.description('Falha: mensagem em pt-BR e, em 422, erros por campo.'),
);

export const messageReplySchema = v.object({ success: v.boolean(), message: v.string() });

/**
 * A lookup whose "not found" is a normal outcome (a new buyer's phone, "Meus números" before a purchase): 200 with
 * found false, data null and the reason in message. A 404 would show as a console error in every browser.
 */
export const lookupReplySchema = <T extends v.GenericSchema>(data: T) =>
  v.object({
    success: v.boolean(),
    found: v.pipe(v.boolean(), v.description('false: nada encontrado (data null, motivo em message)')),
    message: v.optional(v.string()),
    data: v.nullable(data),
  });

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

/** A failure: pt-BR message and, on 422, errors per field. */
export const errorReply = replySchema(errorReplySchema);

/** A success that only says so. */
export const messageReply = replySchema(messageReplySchema);

/** The error replies any route may give; merged into each route's `response`. */
export const commonErrors = {
  400: errorReply,
  413: errorReply,
  415: errorReply,
  422: errorReply,
  429: errorReply,
  500: errorReply,
} as const;

/** A route with a session: also 401. */
export const authErrors = { ...commonErrors, 401: errorReply } as const;

/** A route on one of the organiser's own records: also 404 for anyone else's. */
export const ownedErrors = { ...authErrors, 404: errorReply } as const;

// Compile-time check against the shared contract ------------------------------------------------------------------

/** Flattens intersections and nested objects so two equal shapes compare equal. */
type Flat<T> = T extends readonly unknown[]
  ? { [K in keyof T]: Flat<T[K]> }
  : T extends object
    ? { [K in keyof T]: Flat<T[K]> }
    : T;
/** true when a valibot shape's output and a shared wire type are the same shape. */
export type Same<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;
/** Fails `tsc` unless given true: `Check<Same<Out<typeof schema>, WireType>>`. */
export type Check<T extends true> = T;
export type Out<S extends v.GenericSchema> = v.InferOutput<S>;

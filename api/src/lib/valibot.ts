import type { FastifySchema, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import { validate } from '@rifaria/shared/schemas';
import { ValidationError } from './errors';
import { API_MESSAGES } from './messages';

/**
 * Request validation with the SAME valibot schemas the forms use, so the 422 `errors` carry the spec's
 * pt-BR messages. Routes put valibot schemas straight into `schema.body` / `schema.querystring` /
 * `schema.params`; this compiler validates them (Ajv never sees a request, so no English Ajv message
 * can reach a user), the type provider types `request.body` from them, and the Swagger transform turns
 * them into JSON Schema for the OpenAPI document.
 */

// Checks without their own message (e.g. a non-string `complement`) would otherwise answer in English.
v.setGlobalMessage(API_MESSAGES.invalidValue);

export type AnySchema = v.GenericSchema;

export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends AnySchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends AnySchema ? v.InferInput<this['schema']> : unknown;
}

export function isValibotSchema(value: unknown): value is AnySchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'schema' &&
    typeof (value as { '~run'?: unknown })['~run'] === 'function'
  );
}

/** Top-level keys of an object schema, also through `v.pipe(v.object(...), ...)`. */
export function objectKeys(schema: AnySchema): string[] | null {
  const candidate = schema as unknown as { type?: string; entries?: Record<string, unknown>; pipe?: unknown[] };
  if (candidate.entries && typeof candidate.entries === 'object') return Object.keys(candidate.entries);
  const first = candidate.pipe?.[0];
  return isValibotSchema(first) && first !== schema ? objectKeys(first) : null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * valibot reports a MISSING key as "Invalid key: Expected ..." (English, not the field's message), while
 * a key present with `undefined` runs the field schema and yields its pt-BR "required" message.
 * So every declared key is made present; a body that is not an object at all (null, array, absent)
 * becomes {} and the user gets each field's "required" message instead of an opaque error.
 */
function withDeclaredKeys(schema: AnySchema, data: unknown): unknown {
  const keys = objectKeys(schema);
  if (!keys) return data;
  const input: Record<string, unknown> = Object.fromEntries(keys.map((key) => [key, undefined]));
  if (isPlainObject(data)) Object.assign(input, data);
  return input;
}

export const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!isValibotSchema(schema)) {
    throw new Error(`${method} ${url}: the ${httpPart ?? 'request'} schema must be a valibot schema`);
  }
  return (data: unknown) => {
    const result = validate(schema, withDeclaredKeys(schema, data));
    if (result.success) return { value: result.output };
    return { error: new ValidationError(result.errors) };
  };
};

function toOpenApiSchema(schema: AnySchema): Record<string, unknown> {
  // 'ignore': transforms and custom checks have no JSON Schema form; the document shows the rest.
  const json = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

const VALIDATED_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** @fastify/swagger `transform`: valibot request schemas → JSON Schema, the rest unchanged. */
export function valibotSwaggerTransform({ schema, url }: { schema: FastifySchema; url: string }): {
  schema: FastifySchema;
  url: string;
} {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const part of VALIDATED_PARTS) {
    const value = (schema as Record<string, unknown>)[part];
    if (isValibotSchema(value)) out[part] = toOpenApiSchema(value);
  }
  return { schema: out as FastifySchema, url };
}

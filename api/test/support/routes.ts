import type { HTTPMethods, RouteOptions } from 'fastify';
import { isValibotSchema, objectKeys } from '../../src/lib/valibot';

/**
 * The app's routes as the fuzzer and the security sweeps see them, taken from fastify's onRoute (TestApp.routes),
 * never listed by hand: a route added later is covered the day it is registered.
 */
export interface Endpoint {
  method: HTTPMethods;
  url: string;
  /** `config: { auth: true }`: a session is required. */
  auth: boolean;
  /** `config: { admin: true }`: the back office's, only for a live operator session (issue 32). */
  admin: boolean;
  /** Path parameters (`:id`, `*`), in order. */
  params: string[];
  /** Keys the route's valibot schemas declare, to aim the generated input at the fields that are read. */
  query: string[];
  body: string[];
  multipart: boolean;
}

const keysOf = (schema: unknown): string[] => (isValibotSchema(schema) ? (objectKeys(schema) ?? []) : []);

export function endpoints(routes: RouteOptions[]): Endpoint[] {
  const out: Endpoint[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const params = [...route.url.matchAll(/:([A-Za-z_]\w*)|\*/g)].map((match) => match[1] ?? '*');
    for (const method of methods) {
      // Fastify adds a HEAD beside every GET, answered by the GET's handler.
      if (method === 'HEAD' && routes.some((r) => r.url === route.url && [r.method].flat().includes('GET'))) continue;
      out.push({
        method,
        url: route.url,
        auth: route.config?.auth === true,
        admin: route.config?.admin === true,
        params,
        query: keysOf(schema.querystring),
        body: keysOf(schema.body),
        multipart: Array.isArray(schema.consumes) && schema.consumes.includes('multipart/form-data'),
      });
    }
  }
  return out;
}

/** `url` with each parameter replaced by its (already encoded) value. */
export function fillPath(endpoint: Endpoint, values: Record<string, string>): string {
  return endpoint.url.replace(/:([A-Za-z_]\w*)|\*/g, (_, name: string | undefined) => values[name ?? '*'] ?? '1');
}

export const describeEndpoint = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.url}`;

import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { AnySchema } from './valibot';

/**
 * A route's options (`fastify.get(url, options, handler)`) from what varies between routes: its summary, what it
 * validates, its replies, its limits. What a group of routes shares (the OpenAPI tag, the error replies, whether
 * they need a session) is said once per routes.ts with `routeGroup`:
 *
 *   const route = routeGroup({ tag: 'campaigns', auth: true, errors: ownedErrors });
 *   fastify.get('/api/campaigns/:id', route({ summary: 'Uma campanha', params: idParams, 200: REPLY }), handler);
 *
 * gives `{ schema: { tags: ['campaigns'], summary, params, response: { 200: REPLY, ...ownedErrors } },
 * config: { auth: true } }`: the same options, so the same validation, OpenAPI document and authentication
 * (plugins/app/authentication.ts reads `config.auth`, plugins/app/operator-authentication.ts `config.admin`;
 * plugins/external/rate-limit.ts `config.rateLimit`).
 */

type Replies = Record<number, unknown>;

export interface RouteGroup {
  /** The OpenAPI tag of the group's routes. */
  tag: string;
  /** true: every route needs a session (`config.auth`, documented as bearer). */
  auth?: boolean;
  /** true: every route is the back office's (`config.admin`): a live operator session, else the 404 of no route. */
  admin?: boolean;
  /** The error replies every route of the group may give, merged under each route's own. */
  errors?: Replies;
}

export interface RouteDoc {
  summary: string;
  description?: string;
  /** Another tag than the group's. */
  tag?: string;
  consumes?: string[];
  params?: AnySchema;
  querystring?: AnySchema;
  body?: AnySchema;
  /** `config.rateLimit`: per address (`perAddress(rule)` in lib/rate-limits.ts). */
  rateLimit?: RateLimitOptions;
  /** A keyed limit (`perKeyLimit`, `perPhoneLimit`), run once the request is validated. */
  preHandler?: (request: FastifyRequest) => Promise<void>;
  bodyLimit?: number;
  /** The replies by status code (the group's errors are added). */
  [status: number]: unknown;
}

type RequestParts = 'description' | 'consumes' | 'params' | 'querystring' | 'body';

export interface RouteOptions<D extends RouteDoc> {
  schema: { tags: string[]; summary: string; response: Replies } & Pick<D, Extract<keyof D, RequestParts>>;
  config?: FastifyContextConfig;
  preHandler?: (request: FastifyRequest) => Promise<void>;
  bodyLimit?: number;
}

/** The object without its undefined entries (an option left out is not an option set to undefined). */
const present = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

export function routeGroup(group: RouteGroup) {
  return <D extends RouteDoc>(doc: D): RouteOptions<D> => {
    const { summary, description, tag, consumes, params, querystring, body, rateLimit, preHandler, bodyLimit, ...replies } =
      doc;
    const config = present({ auth: group.auth, admin: group.admin, rateLimit });
    return present({
      bodyLimit,
      schema: present({
        tags: [tag ?? group.tag],
        summary,
        description,
        consumes,
        params,
        querystring,
        body,
        response: { ...group.errors, ...replies },
      }),
      config: Object.keys(config).length > 0 ? config : undefined,
      preHandler,
    }) as unknown as RouteOptions<D>;
  };
}

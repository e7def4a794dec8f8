import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ValibotTypeProvider } from './valibot';

/** A routes plugin whose `request.body`/`query`/`params` are typed from their valibot schemas. */
export type RoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ValibotTypeProvider>;

import * as v from 'valibot';
import { BANNER_KEY_PREFIX, CAMPAIGN_API_MESSAGES } from '../../campaigns';
import { HttpError } from '../../lib/errors';
import type { RoutesPlugin } from '../types';

/**
 * GET /media/banners/{key}: campaign banners, public (the buyer page shows them). A key is random per upload and
 * a replaced banner gets a new key, so the content under a URL never changes: cacheable "forever".
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const keyParams = v.object({ key: v.string() });

const mediaRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/media/banners/:key',
    { schema: { tags: ['campaigns'], summary: 'Banner de campanha (público, imutável)', params: keyParams } },
    async (request, reply) => {
      const { key } = request.params;
      // Only keys the server could have generated reach the storage (no path tricks, no other prefixes).
      const file = UUID.test(key) ? await fastify.storage.get(`${BANNER_KEY_PREFIX}/${key}`) : null;
      if (!file) throw new HttpError(404, CAMPAIGN_API_MESSAGES.fileNotFound);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};

export default mediaRoutes;

import * as v from 'valibot';
import { replySchema } from '../lib/reply-schema';

/** GET /api/health: the service answers and so does its database (which kind). */
export const healthReplySchema = v.object({ status: v.string(), database: v.picklist(['pglite', 'postgres']) });

export const HEALTH_REPLIES = { ok: replySchema(healthReplySchema) } as const;

import * as v from 'valibot';
import { replySchema } from '../lib/reply-schema';

/** GET /api/cep/{cep}: the address of a CEP, as the wizard's and the profile's forms fill it in. */
export const cepReplySchema = v.object({
  success: v.boolean(),
  data: v.object({
    cep: v.pipe(v.string(), v.description('Somente dígitos')),
    street: v.string(),
    neighborhood: v.string(),
    city: v.string(),
    state: v.pipe(v.string(), v.description('UF')),
    complement: v.string(),
  }),
});

export const CEP_REPLIES = { cep: replySchema(cepReplySchema) } as const;

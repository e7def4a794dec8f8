import { SETTINGS_MESSAGES, settingsSchema } from '@rifaria/shared/schemas';
import type { AccountSettings, ApiSuccess } from '@rifaria/shared/types';
import { authErrors } from '../lib/reply-schema';
import { routeGroup } from '../lib/route';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { sessionOf } from '../lib/session';
import { SETTINGS_REPLIES } from './schemas';

const route = routeGroup({ tag: 'profile', auth: true, errors: authErrors });

/** GET/PUT /api/auth/settings: 'Configurações' (issue 14). */
const settingsRoutes: RoutesPlugin = async (fastify) => {
  fastify.get(
    '/api/auth/settings',
    route({
      summary: 'Configurações: nome e WhatsApp nas páginas públicas, mensagens automáticas',
      200: SETTINGS_REPLIES.settings,
    }),
    async (request): Promise<ApiSuccess<AccountSettings>> => ({
      success: true,
      data: await fastify.services.settings.get(sessionOf(request).user),
    }),
  );

  fastify.put(
    '/api/auth/settings',
    route({
      summary: 'Salva as configurações',
      description:
        'public_name e public_whatsapp null voltam ao padrão (o nome da conta; nenhum botão de WhatsApp). Cada mensagem automática pode ser desligada.',
      body: settingsSchema,
      200: SETTINGS_REPLIES.settings,
    }),
    async (request): Promise<ApiSuccess<AccountSettings>> => ({
      success: true,
      message: SETTINGS_MESSAGES.saved,
      data: await fastify.services.settings.save(sessionOf(request).user, request.body),
    }),
  );
};

export default settingsRoutes;

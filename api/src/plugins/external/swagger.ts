import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { valibotSwaggerTransform } from '../../lib/valibot';

/** OpenAPI document generated from the route schemas: UI at /api/docs, JSON at /api/docs/json. */
async function swaggerPlugin(fastify: FastifyInstance): Promise<void> {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Rifaria API',
        description: 'API da Rifaria. Respostas de erro: `{ success: false, message, errors? }` (mensagens em pt-BR).',
        version: '0.1.0',
      },
      // Without PUBLIC_URL, "try it out" calls the address the docs were opened at.
      servers: [{ url: fastify.config.publicUrl ?? '/' }],
      tags: [
        { name: 'auth', description: 'Autenticação e sessão' },
        { name: 'profile', description: 'Perfil, senha e verificação de e-mail' },
        { name: 'address', description: 'Endereço e estados' },
        { name: 'system', description: 'Saúde do serviço' },
      ],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'access_token do login' } },
      },
    },
    transform: valibotSwaggerTransform,
  });
  if (!fastify.config.docs) return;
  await fastify.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
    // Its own CSP (hashes for its inline bits) on its pages, without forcing https on http hosts.
    staticCSP: true,
    transformStaticCSP: (header) =>
      fastify.config.publicUrl?.startsWith('https://')
        ? header
        : header.replace(/(?<!\s)\s*upgrade-insecure-requests;?/, ''),
  });
}

export default fp(swaggerPlugin, { name: 'swagger-config', dependencies: ['services'] });

import { commonErrors } from '../lib/reply-schema';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { MAIL_REPLIES, mailboxQuerySchema } from './schemas';

/**
 * GET /api/sandbox/mailbox: the sandbox mailbox. Mounted ONLY in e-mail sandbox mode (no SMTP_URL, not production):
 * anywhere else the route does not exist (404), since it shows every e-mail, codes and reset links included, to
 * anyone. No session: the newcomer reading it may be resetting the password they cannot log in with.
 */
const mailRoutes: RoutesPlugin = async (fastify) => {
  const mailbox = fastify.services.sandboxMailbox;
  if (!mailbox) return;

  fastify.get(
    '/api/sandbox/mailbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox: os e-mails que a plataforma enviaria (sem SMTP_URL, fora de produção)',
        querystring: mailboxQuerySchema,
        response: { 200: MAIL_REPLIES.mailbox, ...commonErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true, data: await mailbox.list(request.query.to) };
    },
  );
};

export default mailRoutes;

import * as v from 'valibot';
import { auditActorOf } from '../lib/operator-session';
import { routeGroup } from '../lib/route';
import { overdueDrawSchema } from '../draws/auto-draw';
import { DRAW_MESSAGES } from '@rifaria/shared/schemas';
import { DRAW_REPLIES } from '../draws/schemas';
import { errorReply, replySchema } from '../lib/reply-schema';
import type { RoutesPlugin } from '../lib/routes-plugin';
import { overviewSchema, reconciliationSchema, trialBalanceSchema } from '../reconciliation/schemas';
import { saoPauloDate } from '../lib/sao-paulo-day';
import { adminDayParam, adminErrors, ADMIN_QUERY_MESSAGES } from './schemas';

/**
 * Issue 32, the books: the daily reconciliation with the PSP (the report of a day, the 'Conciliar' button, a
 * difference replayed or marked investigated), the trial balance, the overdue draws and the console home's figures.
 * Every route is `admin: true`; every action is audited in its own transaction. Money in centavos.
 */

const route = routeGroup({ tag: 'admin', admin: true, errors: adminErrors });

const reconciliationReply = replySchema(reconciliationSchema);
const overdueReply = replySchema(
  v.object({ items: v.array(overdueDrawSchema), auto_draw_after_hours: v.pipe(v.number(), v.integer()) }),
);

const NOTE_MESSAGE = 'Escreva a nota da investigação (até 2000 caracteres).';
const mismatchParams = v.object({
  id: v.pipe(
    v.string(ADMIN_QUERY_MESSAGES.id),
    v.maxLength(19, ADMIN_QUERY_MESSAGES.id),
    v.regex(/^\d+$/, ADMIN_QUERY_MESSAGES.id),
  ),
});
const noteBody = v.object({
  note: v.pipe(
    v.string(NOTE_MESSAGE),
    v.maxLength(4000, NOTE_MESSAGE),
    v.transform((note) => note.trim()),
    v.check((note) => note.length >= 1 && note.length <= 2000, NOTE_MESSAGE),
  ),
});

const booksRoutes: RoutesPlugin = async (fastify) => {
  const { reconciliation, books, overdueDraws } = fastify.services;

  fastify.get(
    '/api/admin/reconciliation',
    route({
      summary: 'A conciliação de um dia com o PSP (ontem, sem data): totais e divergências não resolvidas',
      querystring: v.object({ date: v.optional(adminDayParam) }),
      200: reconciliationReply,
    }),
    async (request) => reconciliation.report(request.query.date ?? saoPauloDate(new Date(), 1)),
  );

  fastify.post(
    '/api/admin/reconciliation/run',
    route({
      summary: 'Concilia o dia agora: o que o PSP recebeu contra o livro',
      body: v.object({ date: adminDayParam }),
      200: reconciliationReply,
    }),
    async (request) => reconciliation.run(request.body.date, auditActorOf(request)),
  );

  fastify.post(
    '/api/admin/reconciliation/mismatches/:id/replay',
    route({
      summary: 'Reprocessa a confirmação de um Pix ausente no livro (idempotente)',
      params: mismatchParams,
      200: reconciliationReply,
    }),
    async (request) => reconciliation.replay(request.params.id, auditActorOf(request)),
  );

  fastify.post(
    '/api/admin/reconciliation/mismatches/:id/investigate',
    route({
      summary: 'Marca uma divergência como investigada, com uma nota',
      params: mismatchParams,
      body: noteBody,
      200: reconciliationReply,
    }),
    async (request) => reconciliation.investigate(request.params.id, request.body.note, auditActorOf(request)),
  );

  fastify.get(
    '/api/admin/ledger/trial-balance',
    route({
      summary: 'Balancete: o saldo de cada conta do livro (total sempre 0) e, por organizador, livro e carteira',
      200: replySchema(trialBalanceSchema),
    }),
    async () => books.trialBalance(),
  );

  fastify.get(
    '/api/admin/overdue-draws',
    route({ summary: 'Campanhas não sorteadas AUTO_DRAW_AFTER_HOURS depois da data do sorteio', 200: overdueReply }),
    async () => ({ items: await overdueDraws.list(), auto_draw_after_hours: fastify.config.draws.autoDrawAfterHours }),
  );

  fastify.post(
    '/api/admin/campaigns/:id/draw',
    route({
      summary:
        "Sorteia uma campanha atrasada pelo organizador: 'Sorteio Rifaria' sem corpo; 'Loteria Federal' com {contest} (o resultado da Caixa) ou {contest, prizes}",
      params: v.object({ id: v.pipe(v.string(), v.maxLength(19)) }),
      200: DRAW_REPLIES.drawn,
      503: errorReply,
    }),
    async (request) => ({
      success: true,
      message: DRAW_MESSAGES.drawn,
      data: await overdueDraws.drawByOperator(request.params.id, request.body, auditActorOf(request)),
    }),
  );

  fastify.get(
    '/api/admin/overview',
    route({
      summary: 'A página inicial do console: 30 dias de vendas, conversão e o que espera um operador',
      200: replySchema(overviewSchema),
    }),
    async () => books.overview(),
  );
};

export default booksRoutes;

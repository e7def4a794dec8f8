import multipart from '@fastify/multipart';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_REPORT_MESSAGES,
  campaignReportSchema,
  createCampaignSchema,
  updateCampaignSchema,
} from '@rifaria/shared/schemas';
import type { ApiSuccess, CampaignStatusId, PublicCampaign } from '@rifaria/shared/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { CAMPAIGN_API_MESSAGES } from './messages';
import { errorReply, messageReply } from '../lib/reply-schema';
import { fieldOf, perAddress, perPhoneLimit } from '../lib/rate-limits';
import { CAMPAIGN_REPLIES, campaignErrors } from './schemas';
import { HttpError, ValidationError } from '../lib/errors';
import { forEachPart } from '../lib/multipart';
import { linkOriginOf } from '../lib/public-origin';
import { valibotValidatorCompiler } from '../lib/valibot';
import { routeGroup } from '../lib/route';
import { userIdOf } from '../lib/session';
import { detectFileType, type StoredFile } from '../storage';
import type { RoutesPlugin } from '../lib/routes-plugin';

/**
 * /api/campaign_draw_types and /api/campaigns/*: spec section 7, campaign calls. Every campaign route needs a
 * session and is owner-scoped (404 for another organiser's campaign). The sales route of a campaign lives in
 * sales.ts (purchases module).
 *
 * Replies are built by the presenter (campaigns/presenter.ts, typed by the shared contract) and declared in
 * `response` (campaigns/schemas.ts, checked against the same contract at compile time): fast-json-stringify
 * writes only the declared fields, and /api/docs documents them.
 */

export const BANNER_FIELD = 'banner';
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
const BANNER_MIMES = new Set(['image/png', 'image/jpeg']);

const idParams = v.object({ id: v.string() });
const keyParams = v.object({ key: v.string() });
// Any string reaches the handler, which answers 404 unless the key is a UUID and the variant a whitelisted name.
const variantParams = v.object({ key: v.string(), variant: v.string() });
const BINARY = { type: 'string', format: 'binary' } as const;
// Any link is looked up (the router already caps a parameter at 200 characters): a malformed one is simply not found.
const linkParams = v.object({ link: v.string(CAMPAIGN_MESSAGES.notFound) });

/** A banner URL never changes content (a new upload gets a new key): browsers and CDNs keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A short shared cache: a popular link shared at once is answered mostly by the browser/CDN, yet stats stay fresh. */
export const PUBLIC_CAMPAIGN_CACHE_CONTROL = 'public, max-age=5';

const listQuery = v.object({
  status: v.optional(
    v.pipe(
      v.picklist(['1', '2', '3', '4', '5'], 'Status inválido.'),
      v.transform((value) => Number(value) as CampaignStatusId),
    ),
  ),
});

/** The edit screen's 'Aparência' tab may set an external banner (https only) or clear it. */
const updateBody = v.object({
  ...updateCampaignSchema.entries,
  banner_url: v.optional(
    v.nullable(
      v.pipe(
        v.string(CAMPAIGN_API_MESSAGES.bannerUrl),
        v.trim(),
        v.maxLength(2000, CAMPAIGN_API_MESSAGES.bannerUrl),
        v.url(CAMPAIGN_API_MESSAGES.bannerUrl),
        v.startsWith('https://', CAMPAIGN_API_MESSAGES.bannerUrl),
      ),
    ),
  ),
});

const cancelBody = v.object({
  reason: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500, CAMPAIGN_API_MESSAGES.reasonTooLong))),
    null,
  ),
});

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** Every organiser route needs a session and answers 404 for another organiser's campaign. */
const route = routeGroup({ tag: 'campaigns', auth: true, errors: campaignErrors });
/** The banners and the public page: no session. */
const mediaRoute = routeGroup({ tag: 'campaigns' });
const publicRoute = routeGroup({ tag: 'public' });

async function readBanner(request: FastifyRequest): Promise<Buffer | null> {
  let banner: Buffer | null = null;
  try {
    await forEachPart(request, async (part) => {
      if (part.type === 'file') {
        if (part.fieldname === BANNER_FIELD && banner === null) banner = await part.toBuffer();
        else part.file.resume(); // another file field: drained, ignored
      }
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') {
      throw new ValidationError({ [BANNER_FIELD]: [CAMPAIGN_API_MESSAGES.bannerSize] }, CAMPAIGN_MESSAGES.fixFields);
    }
    throw error;
  }
  return banner;
}

/** An image under a URL whose content never changes; nosniff: served only as the type we decided. */
function sendImage(reply: FastifyReply, file: StoredFile) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', IMMUTABLE)
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

const campaignRoutes: RoutesPlugin = async (fastify) => {
  // The wizard and the edit screen show the spec's general 422 text above the field errors.
  fastify.setValidatorCompiler((route) => {
    const validate = valibotValidatorCompiler(route);
    return (data: unknown) => {
      const result = validate(data) as { value?: unknown; error?: Error };
      if (result.error instanceof ValidationError) {
        return { error: new ValidationError(result.error.errors ?? {}, CAMPAIGN_MESSAGES.fixFields) };
      }
      return result;
    };
  });
  await fastify.register(multipart, {
    limits: { fileSize: BANNER_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  const campaigns = () => fastify.services.campaigns;

  fastify.get(
    '/api/campaign_draw_types',
    route({ summary: 'Tipos de sorteio', 200: CAMPAIGN_REPLIES.drawTypes }),
    async () => ({ success: true, data: await fastify.services.campaigns.drawTypes() }),
  );

  fastify.get(
    '/api/campaigns',
    route({
      summary: 'Minhas campanhas (mais novas primeiro) e contadores',
      querystring: listQuery,
      200: CAMPAIGN_REPLIES.list,
    }),
    async (request) => ({ success: true, ...(await campaigns().list(userIdOf(request), request.query.status)) }),
  );

  fastify.get(
    '/api/campaigns/:id',
    route({ summary: 'Uma campanha, com o gráfico de 14 dias', params: idParams, 200: CAMPAIGN_REPLIES.get }),
    async (request) => ({ success: true, data: await campaigns().get(userIdOf(request), idOf(request)) }),
  );

  fastify.post(
    '/api/campaigns',
    route({ summary: 'Cria uma campanha (rascunho)', body: createCampaignSchema, 201: CAMPAIGN_REPLIES.withMessage }),
    async (request, reply) => {
      const data = await campaigns().create(userIdOf(request), request.body);
      return reply.code(201).send({ success: true, message: CAMPAIGN_MESSAGES.created, data });
    },
  );

  fastify.put(
    '/api/campaigns/:id',
    route({ summary: 'Atualização parcial', params: idParams, body: updateBody, 200: CAMPAIGN_REPLIES.withMessage }),
    async (request) => ({
      success: true,
      message: CAMPAIGN_API_MESSAGES.updated,
      data: await campaigns().update(userIdOf(request), idOf(request), request.body),
    }),
  );

  fastify.post(
    '/api/campaigns/:id/publish',
    route({
      summary: 'Publica (instantâneo, sem uma linha por bilhete)',
      params: idParams,
      200: CAMPAIGN_REPLIES.publish,
    }),
    async (request) => ({
      success: true,
      message: CAMPAIGN_API_MESSAGES.published,
      data: await campaigns().publish(userIdOf(request), idOf(request)),
    }),
  );

  fastify.post(
    '/api/campaigns/:id/cancel',
    route({
      summary: 'Cancela (definitivo); com vendas, cada compra paga é reembolsada pelo PSP',
      params: idParams,
      body: cancelBody,
      200: CAMPAIGN_REPLIES.withMessage,
      422: errorReply,
    }),
    async (request) => ({
      success: true,
      message: CAMPAIGN_MESSAGES.cancelled,
      data: await campaigns().cancel(userIdOf(request), idOf(request), request.body.reason),
    }),
  );

  fastify.post(
    '/api/campaigns/:id/upload-banner',
    route({
      summary: 'Banner PNG ou JPG até 5MB e 40 MP (multipart, campo banner); gera as variantes AVIF/WebP/JPEG',
      consumes: ['multipart/form-data'],
      params: idParams,
      200: CAMPAIGN_REPLIES.withMessage,
    }),
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, CAMPAIGN_API_MESSAGES.multipartRequired);
      const userId = userIdOf(request);
      // Ownership first: another organiser's id is a 404 before any byte is stored.
      await campaigns().get(userId, idOf(request));
      const banner = await readBanner(request);
      const fail = (message: string) => new ValidationError({ [BANNER_FIELD]: [message] }, CAMPAIGN_MESSAGES.fixFields);
      if (!banner || banner.length === 0) throw fail(CAMPAIGN_API_MESSAGES.bannerRequired);
      // The type comes from the magic bytes, never from the file name or the declared Content-Type.
      const type = detectFileType(banner);
      if (!type || !BANNER_MIMES.has(type.mime)) throw fail(CAMPAIGN_API_MESSAGES.bannerType);
      return {
        success: true,
        message: CAMPAIGN_API_MESSAGES.bannerUpdated,
        data: await campaigns().replaceBanner(userId, idOf(request), banner, type.mime),
      };
    },
  );

  /** A banner image, public and under a URL whose content never changes; 404 when the key or variant is unknown. */
  const imageRoute = (
    url: string,
    doc: { summary: string; params: v.GenericSchema; description: string; types: string[] },
    find: (params: Record<string, string>) => Promise<StoredFile | null>,
  ) =>
    fastify.get(
      url,
      mediaRoute({
        summary: doc.summary,
        params: doc.params,
        200: {
          description: doc.description,
          content: Object.fromEntries(doc.types.map((type) => [type, { schema: BINARY }])),
        },
        404: errorReply,
      }),
      async (request, reply) => {
        const file = await find(request.params as Record<string, string>);
        if (!file) throw new HttpError(404, CAMPAIGN_API_MESSAGES.fileNotFound);
        return sendImage(reply, file);
      },
    );

  // Campaign banners, public (the buyer page shows them). A key is random per upload and a replaced banner gets a
  // new key, so the content under a URL never changes: cacheable "forever".
  imageRoute(
    '/media/banners/:key',
    {
      summary: 'Banner de campanha (público, imutável)',
      params: keyParams,
      description: 'A imagem (PNG ou JPEG), em cache por um ano',
      types: ['image/png', 'image/jpeg'],
    },
    ({ key }) => campaigns().bannerFile(key!),
  );
  // Its variants (campaigns/banner-images.ts): w480|w800|w1200|w1600 .avif/.webp, w1200.jpg, preview.jpg (1200×630).
  imageRoute(
    '/media/banners/:key/:variant',
    {
      summary: 'Variante do banner: AVIF/WebP por largura, JPEG 1200, prévia 1200×630 (público, imutável)',
      params: variantParams,
      description: 'A imagem, em cache por um ano',
      types: ['image/avif', 'image/webp', 'image/jpeg'],
    },
    ({ key, variant }) => campaigns().bannerVariantFile(key!, variant!),
  );

  // 'Denunciar campanha' (issue 32): queued for the operators; limited per address and, when given, per phone.
  fastify.post(
    '/public/campaigns/:link/reports',
    publicRoute({
      summary: 'Denuncia uma campanha pública (golpe, prêmio inexistente, conteúdo impróprio, outro)',
      params: linkParams,
      body: campaignReportSchema,
      rateLimit: perAddress(REPORTS_PER_ADDRESS),
      preHandler: perPhoneLimit(fastify, 'campaign-report', REPORTS_PER_PHONE, fieldOf('body', 'phone')),
      201: messageReply,
      404: errorReply,
      429: errorReply,
    }),
    async (request, reply) => {
      const { reason, description, phone } = request.body;
      const created = await fastify.services.campaignReports.create(
        request.params.link,
        { reason, description, ...(phone ? { phone } : {}) },
        request.ip,
      );
      if (!created) throw new HttpError(404, CAMPAIGN_MESSAGES.notFound);
      return reply.code(201).send({ success: true, message: CAMPAIGN_REPORT_MESSAGES.sent });
    },
  );

  // The public campaign page (no session): the page buyers open from social-media links. Drafts and cancelled
  // campaigns are 404; a malformed link is simply not found.
  fastify.get(
    '/public/campaigns/:link',
    publicRoute({
      summary: 'Página pública da campanha (publicada ou finalizada)',
      params: linkParams,
      200: CAMPAIGN_REPLIES.publicPage,
      404: errorReply,
    }),
    async (request, reply): Promise<ApiSuccess<PublicCampaign>> => {
      const data = await fastify.services.campaigns.publicPage(request.params.link, linkOriginOf(fastify.config));
      if (!data) throw new HttpError(404, CAMPAIGN_MESSAGES.notFound);
      void reply.header('cache-control', PUBLIC_CAMPAIGN_CACHE_CONTROL);
      return { success: true, data };
    },
  );
};

/** Reports: a few per address and per phone an hour (a report is read by a person; a flood is not a report). */
const REPORTS_PER_ADDRESS = { max: 10, timeWindowMs: 60 * 60_000 };
const REPORTS_PER_PHONE = { max: 3, timeWindowMs: 60 * 60_000 };

export default campaignRoutes;

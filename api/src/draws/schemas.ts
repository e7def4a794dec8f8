import type {
  DrawBeacon,
  DrawResult,
  DrawWinner,
  FederalContestLookup,
  OrganizerDrawResult,
  OrganizerDrawWinner,
} from '@rifaria/shared/types';
import * as v from 'valibot';
import { integer, isoTimestamp, replySchema, wire } from '../lib/reply-schema';

/** Reply shapes of the draw routes, checked at compile time against @rifaria/shared/types (lib/reply-schema.ts). */

const hex64 = v.pipe(v.string(), v.description('64 dígitos hexadecimais'));

const winnerEntries = {
  position: integer,
  award: v.object({ description: v.string() }),
  number: v.pipe(v.string(), v.description('Com zeros à esquerda, como no checkout')),
  buyer_name: v.pipe(v.string(), v.description("Mascarado na página pública ('Maria S.')")),
};
export const drawWinnerSchema = wire<DrawWinner>()(v.object(winnerEntries));

export const drawBeaconSchema = wire<DrawBeacon>()(
  v.object({
    source: v.pipe(v.string(), v.description("'drand' (quicknet) ou 'sandbox' (offline, não é aleatoriedade pública)")),
    chain_hash: v.string(),
    round: integer,
    randomness: hex64,
    signature: v.pipe(v.string(), v.description('Assinatura BLS da rodada (hex)')),
    url: v.pipe(
      v.nullable(v.string()),
      v.description('Registro público da rodada (API HTTP do drand); null no sandbox'),
    ),
  }),
);

/** An amendment after sales (issue 30). */
export const amendmentSchema = v.object({
  id: integer,
  created_at: isoTimestamp,
  date_formatted: v.pipe(v.string(), v.description("'dd/mm' (São Paulo)")),
  note: v.string(),
  rules_changed: v.boolean(),
  draw_date_before_formatted: v.nullable(v.string()),
  draw_date_after_formatted: v.nullable(v.string()),
});

const resultEntries = {
  method: v.picklist(['rifaria', 'federal']),
  campaign: v.object({ name: v.string(), link: v.string(), total_tickets: integer, full_url: v.string() }),
  seed: v.pipe(v.nullable(hex64), v.description("'Sorteio Rifaria': a semente revelada; null na Loteria Federal")),
  commitment: v.pipe(v.nullable(hex64), v.description('SHA-256 da semente, publicado desde a publicação')),
  beacon: v.nullable(drawBeaconSchema),
  federal: v.nullable(
    v.object({
      contest: integer,
      prizes: v.array(v.string()),
      source: v.pipe(
        v.picklist(['caixa', 'organizer', 'sandbox']),
        v.description("'caixa' (API da Caixa), 'organizer' (informados pelo organizador) ou 'sandbox' (demonstração)"),
      ),
      steps: v.pipe(v.array(v.array(v.string())), v.description('Por ganhador, como o número foi obtido')),
    }),
  ),
  tickets_hash: v.pipe(hex64, v.description('SHA-256 da lista ordenada de números pagos (4 bytes big-endian cada)')),
  paid_count: integer,
  drawn_at: isoTimestamp,
  drawn_at_formatted: v.string(),
  amendments: v.pipe(v.array(amendmentSchema), v.description('Alterações do regulamento depois das vendas')),
};

export const drawResultSchema = wire<DrawResult>()(v.object({ ...resultEntries, winners: v.array(drawWinnerSchema) }));

export const organizerDrawWinnerSchema = wire<OrganizerDrawWinner>()(
  v.object({
    ...winnerEntries,
    buyer_phone: v.string(),
    buyer_email: v.nullable(v.string()),
    purchase_hash: v.string(),
  }),
);
export const organizerDrawResultSchema = wire<OrganizerDrawResult>()(
  v.object({ ...resultEntries, winners: v.array(organizerDrawWinnerSchema) }),
);

export const federalContestLookupSchema = wire<FederalContestLookup>()(
  v.object({
    contest: integer,
    date: v.pipe(v.nullable(v.string()), v.description("'AAAA-MM-DD' do concurso, ou null")),
    date_formatted: v.nullable(v.string()),
    prizes: v.array(v.string()),
    source: v.picklist(['caixa', 'sandbox']),
  }),
);

export const DRAW_REPLIES = {
  federalLookup: replySchema(v.object({ success: v.literal(true), data: federalContestLookupSchema })),
  publicResult: replySchema(v.object({ success: v.literal(true), data: drawResultSchema })),
  organizerResult: replySchema(v.object({ success: v.literal(true), data: organizerDrawResultSchema })),
  drawn: replySchema(v.object({ success: v.literal(true), message: v.string(), data: organizerDrawResultSchema })),
  /** The verification file is JSON of its own shape (draws/verification.ts), documented, not re-serialised. */
  verification: {
    description: 'Arquivo de verificação (npm run verify-draw -- ARQUIVO)',
    type: 'object',
    additionalProperties: true,
  },
  notModified: { description: 'Inalterado: o ETag enviado em If-None-Match é o do arquivo', type: 'null' },
} as const;

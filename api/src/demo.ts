import {
  accountOpeningSchema,
  createCampaignSchema,
  defaultDrawDatetime,
  parseDrawDatetime,
} from '@rifaria/shared/schemas';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import * as v from 'valibot';
import { CAMPAIGN_STATUS_ID } from '@rifaria/shared/constants';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import { ensureWalletAccounts } from './ledger';
import type { PasswordHasher } from './lib/passwords';
import { detectFileType } from './storage';

/**
 * Demo data of `npm start` (DEMO_DATA, on by default outside production), so a first start shows a working platform:
 *
 * 1. the demo organiser (demo@rifaria.com.br / Rifaria123);
 * 2. its digital account, opened through AccountOpeningService (profile CPF and phone, address, application,
 *    wallet) and approved as the KYC review approves one, with its ledger accounts: an ACTIVE wallet;
 * 3. one campaign created and published through CampaignsService (so its ticket pool exists), and its banner
 *    (api/assets/demo-banner.jpg) uploaded through the same service call as an organiser's upload (so it gets its
 *    AVIF/WebP variants and link preview).
 *
 * Each step runs only when its result is missing: the wallet when the organiser has no wallet at all, the
 * campaign when the organiser has no campaign at all. A restart therefore never duplicates anything and never
 * brings back a demo campaign the organiser cancelled, nor touches one they edited (a demo campaign published by an
 * older version without a banner gets it once, if nobody changed it since it was published). Two processes starting
 * together on one PostgreSQL are serialised by a session advisory lock (PGlite is one process: a lock in memory).
 */

/** Arbitrary constant: "the Rifaria demo seeder" for pg_advisory_lock (the migrator uses 7_410_200_001). */
const DEMO_LOCK_KEY = 7_410_200_002n;

/** Recorded as account_applications.reviewer of the demo account's approval. */
export const DEMO_REVIEWER = 'demo-seed';

/**
 * The demo organiser's account-opening form, as the wizard would send it (validated by the same schema).
 * 123.456.789-09 is the usual documentation CPF (valid check digits, nobody's real document); the phone is the
 * organiser WhatsApp shown on the public page.
 */
export const DEMO_ACCOUNT = {
  cpf: '123.456.789-09',
  phone: '(11) 90000-0000',
  birthdate: '1990-01-15',
  zipCode: '01001-000',
  street: 'Praça da Sé',
  number: '100',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
  complement: '',
} as const;

export const DEMO_CAMPAIGN = {
  /** Gives the public link /p/rifa-demo-iphone-16-pro (or -2, … if another organiser took it first). */
  name: 'Rifa Demo iPhone 16 Pro',
  drawType: 'Sorteio Rifaria',
  totalTickets: 100_000,
  /** Reais, as the wizard sends it. */
  ticketPrice: 0.5,
  awards: [
    { description: 'iPhone 16 Pro 256 GB', value: 9299 },
    { description: 'Smart TV 50" 4K', value: 2199 },
    { description: 'R$ 500,00 no Pix', value: 500 },
  ],
  rules: [
    '**Campanha de demonstração da Rifaria:** a reserva de números funciona de verdade, os pagamentos são simulados (sandbox) e os prêmios são fictícios.',
    '**Quem pode participar:** maiores de 18 anos, residentes no Brasil. Cada número custa R$ 0,50 e a compra é confirmada somente após o pagamento via Pix.',
    '**Números:** são 100.000 números (00000 a 99999), distribuídos aleatoriamente pelo sistema no momento da reserva. A reserva vale por 10 minutos; sem pagamento nesse prazo, os números voltam a ficar disponíveis.',
    '**Sorteio:** realizado pela plataforma Rifaria na data e hora informadas nesta página, entre os números pagos; o resultado é publicado aqui. O 1º número sorteado leva o 1º prêmio, o 2º leva o 2º prêmio e o 3º leva o 3º prêmio.',
    '**Entrega:** o organizador entra em contato com os ganhadores pelo WhatsApp em até 48 horas após o sorteio. Prêmios físicos são enviados sem custo para todo o Brasil; o prêmio em dinheiro é pago via Pix na chave do ganhador.',
    '*Ao participar, você declara que leu e concorda com este regulamento.*',
  ].join('\n\n'),
} as const;

/**
 * The demo campaign's banner: a 1600×900 JPEG (the 'iPhone 16 Pro' prize on the Rifaria greens). A picture only: no
 * drawn button ('Participe agora' that did nothing, issue 30); the page's own 'Participar Agora' is the way in.
 */
export const DEMO_BANNER_PATH = path.resolve(__dirname, '../assets/demo-banner.jpg');

export type DemoStep = 'created' | 'exists';

export interface DemoOutcome {
  organiser: DemoStep;
  /** 'pending': the organiser has a wallet that is not active (the campaign waits for it). */
  wallet: DemoStep | 'pending';
  /** 'skipped': no active wallet to receive the sales yet. */
  campaign: DemoStep | 'skipped';
  /** Public page of the organiser's first published campaign (the demo one unless it was cancelled), or null. */
  campaignUrl: string | null;
}

/**
 * The demo organiser, created once. ON CONFLICT DO NOTHING: several replicas starting together on one PostgreSQL
 * create it once, and a changed demo password is never reset.
 */
export async function ensureDemoOrganiser(
  db: Kysely<Database>,
  passwords: PasswordHasher,
  demo: AppConfig['demoUser'],
): Promise<'created' | 'exists'> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', demo.email).executeTakeFirst();
  if (existing) return 'exists';
  const result = await db
    .insertInto('users')
    .values({ name: demo.name, email: demo.email, password_hash: await passwords.hash(demo.password) })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? 'created' : 'exists';
}

/** A one-page PDF stating what the demo account's identity document is (stored like any uploaded document). */
export function demoDocumentPdf(): Buffer {
  const text = 'Documento ficticio do organizador de demonstracao da Rifaria. Nao e um documento de identidade.';
  const content = `BT /F1 11 Tf 50 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's draw date: next Saturday 20:00 in São Paulo (the wizard's default, `defaultDrawDatetime`), or the
 * Saturday after when that is less than a day away, so a start on Saturday afternoon still leaves time to buy.
 */
export function demoDrawDatetime(now: Date = new Date()): string {
  const next = defaultDrawDatetime(now);
  const at = parseDrawDatetime(next);
  if (!at || at.getTime() - now.getTime() >= DAY_MS) return next;
  return defaultDrawDatetime(new Date(at.getTime() + 1000));
}

/** How long a start waits for another process's demo seeding, and how often it looks. */
const DEMO_LOCK_WAIT_MS = 300_000;
const DEMO_LOCK_POLL_MS = 250;

/** Serialises seeders of one in-process database (PGlite; tests start two at once). */
const inProcessLocks = new WeakMap<object, Promise<unknown>>();

async function withDemoLock<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T> {
  // With a one-connection pool the lock's connection would starve `work`: that setup gets the in-memory lock only.
  if (app.databaseKind === 'postgres' && app.config.database.poolMax >= 2) {
    // A session lock on a connection of its own, held while `work` uses the pool's other connections.
    // A process that dies holding it loses its session, and with it the lock.
    return app.db.connection().execute(async (connection) => {
      // Waiting for another process's seeding is legitimate, and may outlast a statement's budget on a loaded machine
      // (it hashes two passwords and encodes a banner): poll with pg_try_advisory_lock, each try returns at once, so
      // neither statement_timeout nor the client's query timeout cuts the wait. Bounded all the same.
      const deadline = Date.now() + DEMO_LOCK_WAIT_MS;
      const key = sql.lit(DEMO_LOCK_KEY.toString());
      const tryLock = async () =>
        (await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${key}::bigint) AS locked`.execute(connection))
          .rows[0]?.locked === true;
      while (!(await tryLock())) {
        if (Date.now() > deadline) throw new Error('demo data: another process held the seeding lock for too long');
        await sleep(DEMO_LOCK_POLL_MS);
      }
      try {
        return await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(${key}::bigint)`.execute(connection);
      }
    });
  }
  const previous = inProcessLocks.get(app.db) ?? Promise.resolve();
  const run = previous.then(work, work);
  inProcessLocks.set(
    app.db,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Opens the demo account through the account-opening service, then approves its application as the KYC review
 * does (same repository call, under the application's row lock). Resumes an approval a crash interrupted.
 */
async function ensureDemoWallet(
  app: FastifyInstance,
  userId: string,
  demo: AppConfig['demoUser'],
): Promise<{ step: DemoStep | 'pending'; walletId: string | null }> {
  const { accounts, accountOpening } = app.services;
  const wallets = await app.db
    .selectFrom('user_wallets')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const active = wallets.find((wallet) => wallet.status === 'active');
  if (active) return { step: 'exists', walletId: active.id };

  let walletId: string;
  let step: DemoStep;
  if (wallets.length === 0) {
    const [documentType] = await accounts.listDocumentTypes();
    if (!documentType) throw new Error('No document type seeded (migration 002)');
    const input = v.parse(accountOpeningSchema, {
      ...DEMO_ACCOUNT,
      name: demo.name,
      email: demo.email,
      documentType: documentType.id,
    });
    const wallet = await accountOpening.open(userId, input, { data: demoDocumentPdf(), mime: 'application/pdf' });
    walletId = String(wallet.id);
    step = 'created';
  } else {
    // Only the demo's own application, left in review by an interrupted start, is approved here; any other
    // wallet of the organiser follows the normal review.
    const inReview = wallets.find((wallet) => wallet.status === 'in_review');
    const application = inReview ? await accounts.findApplicationByWallet(inReview.id) : undefined;
    if (!inReview || !application || application.cpf !== DEMO_ACCOUNT.cpf.replace(/\D/g, '')) {
      return { step: 'pending', walletId: null };
    }
    walletId = inReview.id;
    step = 'exists';
  }

  await app.db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('account_applications')
      .selectAll()
      .where('user_wallet_id', '=', walletId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await accounts.approve(application, DEMO_REVIEWER, trx);
    await ensureWalletAccounts(trx, walletId);
  });
  return { step, walletId };
}

/** Creates and publishes the demo campaign through CampaignsService; resumes a publish a crash interrupted. */
async function ensureDemoCampaign(
  app: FastifyInstance,
  userId: string,
  walletId: string,
  now: Date,
): Promise<DemoStep> {
  const step = await ensureDemoCampaignRow(app, userId, walletId, now);
  await ensureDemoBanner(app, userId);
  return step;
}

async function ensureDemoCampaignRow(
  app: FastifyInstance,
  userId: string,
  walletId: string,
  now: Date,
): Promise<DemoStep> {
  const { campaigns } = app.services;
  const existing = await app.db
    .selectFrom('campaigns')
    .select(['id', 'name', 'status_id', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
  if (existing.length > 1) return 'exists';
  const only = existing[0];
  if (only) {
    // Created but not published (the process stopped in between), and untouched since: finish the job.
    const untouched =
      only.name === DEMO_CAMPAIGN.name &&
      only.status_id === CAMPAIGN_STATUS_ID.draft &&
      only.updated_at.getTime() === only.created_at.getTime();
    if (untouched) await campaigns.publish(userId, only.id);
    return 'exists';
  }

  const drawTypes = await campaigns.drawTypes();
  const drawType = drawTypes.find((type) => type.description === DEMO_CAMPAIGN.drawType) ?? drawTypes[0];
  if (!drawType) throw new Error('No draw type seeded (migration 007)');
  const input = v.parse(createCampaignSchema, {
    name: DEMO_CAMPAIGN.name,
    draw_type_id: drawType.id,
    total_tickets: DEMO_CAMPAIGN.totalTickets,
    ticket_price: DEMO_CAMPAIGN.ticketPrice,
    rules: DEMO_CAMPAIGN.rules,
    banner_image: null,
    draw_datetime: demoDrawDatetime(now),
    user_wallet_id: Number(walletId),
    awards: DEMO_CAMPAIGN.awards,
  });
  const created = await campaigns.create(userId, input);
  await campaigns.publish(userId, String(created.id));
  return 'created';
}

/**
 * Uploads the demo banner to the demo campaign when it has none and is exactly as published (publish stamps
 * updated_at = published_at; any later edit, removing a banner included, moves updated_at): a new demo campaign gets
 * it right after publishing, one published by an older version gets it once, and an organiser's change is never
 * undone. Through replaceBanner, the service call of POST /api/campaigns/{id}/upload-banner, after the same
 * magic-byte check. Best effort: without it the page shows its placeholder.
 */
async function ensureDemoBanner(app: FastifyInstance, userId: string): Promise<void> {
  const campaign = await app.db
    .selectFrom('campaigns')
    .select('id')
    .where('user_id', '=', userId)
    .where('name', '=', DEMO_CAMPAIGN.name)
    .where('status_id', '=', CAMPAIGN_STATUS_ID.published)
    .where('banner_storage_key', 'is', null)
    .where('banner_url', 'is', null)
    .whereRef('updated_at', '=', 'published_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!campaign) return;
  try {
    const data = await fs.readFile(DEMO_BANNER_PATH);
    const type = detectFileType(data);
    if (type?.mime !== 'image/jpeg') throw new Error(`${DEMO_BANNER_PATH} is not a JPEG`);
    await app.services.campaigns.replaceBanner(userId, campaign.id, data, type.mime);
  } catch (error) {
    app.log.warn({ err: error }, 'could not add the demo banner');
  }
}

/** The organiser's first published campaign: the demo one, unless the organiser cancelled it. */
async function firstPublishedUrl(app: FastifyInstance, userId: string): Promise<string | null> {
  const { data } = await app.services.campaigns.list(userId, CAMPAIGN_STATUS_ID.published);
  return data.at(-1)?.full_url ?? null;
}

/** Everything the demo needs, each piece created at most once (see the top of this file). Call after `ready()`. */
export async function ensureDemoData(
  app: FastifyInstance,
  demo: AppConfig['demoUser'],
  now: Date = new Date(),
): Promise<DemoOutcome> {
  return withDemoLock(app, async () => {
    const organiser = await ensureDemoOrganiser(app.db, app.services.passwords, demo);
    const user = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demo.email)
      .executeTakeFirstOrThrow();
    const wallet = await ensureDemoWallet(app, user.id, demo);
    // The public page's WhatsApp button is chosen in 'Configurações' (issue 14): the demo organiser's phone, set once
    // (a row the organiser saved is never touched).
    await app.db
      .insertInto('user_settings')
      .values({ user_id: user.id, public_whatsapp: DEMO_ACCOUNT.phone.replace(/\D/g, '') })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const campaign = wallet.walletId ? await ensureDemoCampaign(app, user.id, wallet.walletId, now) : 'skipped';
    return { organiser, wallet: wallet.step, campaign, campaignUrl: await firstPublishedUrl(app, user.id) };
  });
}

/** The start-up banner's line about the demo campaign. */
export function describeDemoCampaign(outcome: DemoOutcome | null): string {
  if (!outcome) return 'not created (see the log)';
  if (outcome.campaignUrl) return outcome.campaignUrl;
  if (outcome.campaign === 'skipped') return 'waiting for the demo wallet to be approved';
  return 'none published (the demo organiser cancelled it)';
}

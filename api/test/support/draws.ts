import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { commitmentOf, drawRifaria, ticketsHashOf } from '../../src/draws/algorithm';
import { decodePaidBitmap, encodePaidBitmap, type VerificationFile } from '../../src/draws/verification';
import { api } from '../helper';
import { newBuyer } from './buyers';
import { createCampaign } from './campaigns';
import type { Organiser } from './organisers';
import { payCharge } from './pix';
import { buy, chargeOf, order, purchaseRow } from './purchases';

/** The draw (issue 13): a campaign published through the API, with paid purchases, whose draw datetime passed. */

export interface DrawableCampaign {
  id: number;
  link: string;
  /** The purchases made, by hash, with their buyer and whether they were paid. */
  purchases: { hash: string; id: string; paid: boolean; buyerName: string }[];
}

/** A future draw datetime the wizard accepts ('YYYY-MM-DD HH:MM:00', São Paulo): the same time tomorrow. */
export function tomorrowDrawDatetime(): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60_000 - 3 * 60 * 60_000);
  return `${tomorrow.toISOString().slice(0, 16).replace('T', ' ')}:00`;
}

/**
 * Creates and publishes a campaign of `drawTypeId` (2 'Sorteio Rifaria', 1 'Loteria Federal'), buys `paid`
 * purchases of the given sizes and pays them (sandbox PSP), buys `pending` more left unpaid, then moves the draw
 * datetime to `drawAt` (1 minute ago by default): the campaign can be drawn.
 */
export async function drawableCampaign(
  app: FastifyInstance,
  organiser: Organiser,
  options: {
    drawTypeId?: 1 | 2;
    totalTickets?: number;
    priceReais?: number;
    awards?: string[];
    paid?: number[];
    pending?: number[];
    drawAt?: Date | null;
  } = {},
): Promise<DrawableCampaign> {
  const created = await createCampaign(app, organiser, {
    draw_type_id: options.drawTypeId ?? 2,
    total_tickets: options.totalTickets ?? 100,
    ticket_price: options.priceReais ?? 2,
    draw_datetime: tomorrowDrawDatetime(),
    awards: (options.awards ?? ['Moto 0km', 'Celular', 'Vale-compras']).map((description) => ({
      description,
      value: null,
    })),
  });
  const published = await api(app).post(`/api/campaigns/${created.id}/publish`, organiser);
  if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);

  const purchases: DrawableCampaign['purchases'] = [];
  const sizes = [
    ...(options.paid ?? [5, 3]).map((n) => [n, true] as const),
    ...(options.pending ?? []).map((n) => [n, false] as const),
  ];
  for (const [index, [tickets, pay]] of sizes.entries()) {
    const buyerName = `Comprador${index + 1} da Silva Teste`;
    const buyer = await newBuyer(app.db, {
      name: buyerName,
      email: index === 0 ? `comprador${index + 1}@example.com` : null,
    });
    const reply = await buy(app, order(buyer, created, tickets));
    if (reply.statusCode !== 201) throw new Error(`purchase failed: ${reply.body}`);
    const hash = reply.json().data.purchase_hash as string;
    const row = await purchaseRow(app.db, hash);
    if (pay) {
      const paid = await payCharge(app, (await chargeOf(app.db, row.id)).txid);
      if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
    }
    purchases.push({ hash, id: row.id, paid: pay, buyerName });
  }
  // A Federal campaign is drawn with issue 13's vector, contest 5732 of 18/01/2023: its draw date is the day before
  // (the first contest from the draw date on, issue 30 item 18). Others: a minute ago.
  const drawAt =
    options.drawAt !== undefined
      ? options.drawAt
      : options.drawTypeId === 1
        ? FEDERAL_5732_DRAW_AT
        : new Date(Date.now() - 60_000);
  await app.db.updateTable('campaigns').set({ draw_at: drawAt }).where('id', '=', String(created.id)).execute();
  return { id: created.id, link: created.link, purchases };
}

/** 17/01/2023 15:00 in São Paulo: a draw date whose first Federal contest is 5732 (18/01/2023). */
export const FEDERAL_5732_DRAW_AT = new Date('2023-01-17T15:00:00-03:00');

/** POST /api/campaigns/{id}/draw. */
export const drawCampaign = (app: FastifyInstance, organiser: Organiser, id: number, body?: object) =>
  api(app).post(`/api/campaigns/${id}/draw`, organiser, body);

/** Every paid number of the campaign, ascending. */
export async function paidNumbers(app: FastifyInstance, campaignId: number): Promise<number[]> {
  const rows = await app.db
    .selectFrom('campaign_tickets as ct')
    .innerJoin('purchases as p', (join) => join.onRef('p.id', '=', 'ct.purchase_id'))
    .select('ct.number')
    .where('ct.campaign_id', '=', String(campaignId))
    .where('p.status_id', '=', 2)
    .orderBy('ct.number')
    .execute();
  return rows.map((row) => row.number);
}

/** Moves the campaign's draw datetime (tests travel in time this way). */
export const setDrawAt = (app: FastifyInstance, campaignId: number, at: Date | null) =>
  app.db
    .updateTable('campaigns')
    .set({ draw_at: at ?? sql<null>`NULL` })
    .where('id', '=', String(campaignId))
    .execute();

/** The paid numbers of a verification file, either version. */
export const paidOf = (file: VerificationFile): number[] =>
  file.paid_numbers ?? Array.from(decodePaidBitmap(file.paid_bitmap, file.campaign.total_tickets) ?? []);

/** The file with other paid numbers (in its own version's form), their hash, and the winners `seed` gives them. */
export function withNumbers(file: VerificationFile, numbers: number[], seed: Buffer): VerificationFile {
  const winners = drawRifaria({
    seed,
    randomness: Buffer.from(file.beacon!.randomness, 'hex'),
    numbers,
    prizes: file.prizes.length,
  });
  return {
    ...file,
    ...(file.version === 1
      ? { paid_numbers: numbers }
      : { paid_count: numbers.length, paid_bitmap: encodePaidBitmap(numbers, file.campaign.total_tickets) }),
    tickets_hash: ticketsHashOf(numbers),
    seed: seed.toString('hex'),
    commitment: commitmentOf(seed),
    winners: winners.map(({ position, number }) => ({ position, number })),
  };
}

/** A forged file: a new seed, its SHA-256 as the commitment and the winners recomputed, so it agrees with itself. */
export const forge = (file: VerificationFile) => withNumbers(file, paidOf(file), Buffer.alloc(32, 9));

const REPO_ROOT = path.resolve(__dirname, '../../..');
const run = promisify(execFile);

/** `npm run verify-draw -- FILE …flags` on `file` written to `dir`: its exit code and output (stdout then stderr). */
export async function runVerifyDraw(dir: string, file: unknown, ...flags: string[]) {
  const target = path.join(dir, `f${Math.random()}.json`);
  fs.writeFileSync(target, typeof file === 'string' ? file : JSON.stringify(file));
  try {
    // What `npm run verify-draw` runs (root package.json), without npm's own start-up.
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'api/src/draws/verify-cli.ts', target, ...flags],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, NO_COLOR: '' },
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

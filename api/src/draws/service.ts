import { gunzipSync } from 'node:zlib';
import { CAMPAIGN_STATUS_ID, DRAW_TYPE_ID } from '@rifaria/shared/constants';
import { formatDateTime, isoDateToBR, saoPauloWallClock } from '@rifaria/shared/format';
import { CAMPAIGN_MESSAGES, DRAW_MESSAGES, federalDrawSchema, validate } from '@rifaria/shared/schemas';
import type { DrawResult, FederalContestLookup, OrganizerDrawResult } from '@rifaria/shared/types';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError, ValidationError } from '../lib/errors';
import { post } from '../ledger';
import { releasePosting } from '../ledger/postings';
import type { MailOutboxRepository } from '../mail/repository';
import type { Notifier } from '../whatsapp/notifier';
import { drawRifaria, ticketsHashOf } from './algorithm';
import { roundAt, type BeaconRound } from './beacon';
import { BeaconRoundNotYetError, BeaconUnavailableError, type Beacon } from './beacon-client';
import { drawFederal } from './federal';
import {
  FederalContestNotFoundError,
  FederalResultsUnavailableError,
  type FederalContestResult,
  type FederalResults,
} from './federal-results';
import { organizerMail, organizerWhatsApp, winnerMessage, type DrawNotice } from './notifications';
import { amendmentsOf } from './amendments';
import { decodeNumbers, presentOrganizerResult, presentPublicResult, presentVerificationFile } from './presenter';
import type { DrawCampaign, DrawsRepository, StoredFile } from './repository';
import { bodyFor, packFile } from './stored-file';

/**
 * Sales close at the draw: the purchases domain cancels what is still Pendente inside the draw's transaction
 * (wired in plugins/app/services.ts; draws does not import purchases).
 */
export interface SalesCloser {
  /** Cancels every Pendente purchase of the campaign, its numbers released as on expiry; returns their ids. */
  closeAtDraw(trx: Transaction<Database>, campaignId: string): Promise<string[]>;
  /** After the commit: their Pix charges are cancelled at the PSP (best effort; a Pix that lands is refunded). */
  cancelCharges(purchaseIds: string[]): Promise<void>;
}

/** How long the draw waits for the beacon or Caixa before giving up (each adapter also times out per request). */
export const DRAW_FETCH_TIMEOUT_MS = 30_000;

/** What the draw mixes in: the beacon round ('Sorteio Rifaria') or the Federal contest ('Loteria Federal'). */
type Source =
  | { method: 'rifaria'; beacon: BeaconRound }
  | { method: 'federal'; contest: number; prizes: string[]; from: 'organizer' | 'caixa' | 'sandbox' };

const notFound = () => new HttpError(404, CAMPAIGN_MESSAGES.notFound);
const refuse = (message: string) => new HttpError(422, message);

function isEmptyBody(body: unknown): boolean {
  return (
    body === undefined ||
    body === null ||
    (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)
  );
}

/**
 * The draw (issue 13): POST /api/campaigns/{id}/draw and its public result. The draw itself is one transaction:
 * winners, 'Finalizada', the release of the campaign's 'Futuro' money and the notifications commit together or
 * not at all, and campaign_draws' primary key makes a second draw impossible.
 */
export class DrawsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: DrawsRepository,
    private readonly mail: MailOutboxRepository,
    /** The WhatsApp outbox (and the organiser's switch for the draw result). */
    private readonly notifier: Notifier,
    private readonly beacon: Beacon,
    private readonly federal: FederalResults,
    /** Links in notifications are built on this origin (lib/public-origin.ts linkOriginOf). */
    private readonly origin: string,
    private readonly log: FastifyBaseLogger,
    private readonly sales: SalesCloser,
  ) {}

  /** Why the campaign cannot be drawn now, or null. */
  private refusal(campaign: DrawCampaign): HttpError | null {
    if (campaign.drawn_at !== null || campaign.status_id === CAMPAIGN_STATUS_ID.finished) {
      return refuse(DRAW_MESSAGES.alreadyDrawn);
    }
    if (campaign.status_id === CAMPAIGN_STATUS_ID.suspended) return refuse(DRAW_MESSAGES.suspended);
    if (campaign.status_id !== CAMPAIGN_STATUS_ID.published) return refuse(DRAW_MESSAGES.notPublished);
    if (campaign.draw_at === null) return refuse(DRAW_MESSAGES.noDrawDate);
    if (campaign.db_now.getTime() < campaign.draw_at.getTime()) {
      return refuse(DRAW_MESSAGES.tooEarly(formatDateTime(campaign.draw_at)));
    }
    return null;
  }

  /** `onDrawn`: more work in the draw's own transaction (the automatic draw writes its audit row there). */
  async draw(
    userId: string,
    campaignId: string,
    body: unknown,
    onDrawn?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<OrganizerDrawResult> {
    const campaign = await this.repository.findOwn(userId, campaignId);
    if (!campaign) throw notFound();
    const refusal = this.refusal(campaign);
    if (refusal) throw refusal;
    const federal = campaign.draw_type_id === DRAW_TYPE_ID.federal;
    let input: { contest: number; prizes?: string[] } | null = null;
    if (federal) {
      const checked = validate(federalDrawSchema, body ?? {});
      if (!checked.success) {
        throw new ValidationError(checked.errors, checked.errors._?.[0] ?? CAMPAIGN_MESSAGES.fixFields);
      }
      input = checked.output;
    } else if (!isEmptyBody(body)) {
      throw refuse(DRAW_MESSAGES.rifariaTakesNoBody);
    }
    // Nothing to draw: said before asking drand or Caixa (checked again under the lock).
    if (!(await this.repository.hasPaid(this.db, campaign.id))) {
      throw refuse(DRAW_MESSAGES.noPaidTickets);
    }
    const source = input
      ? await this.federalSource(input, campaign.draw_at!)
      : await this.beaconSource(campaign.draw_at!);

    const cancelled = await this.db.transaction().execute(async (trx) => {
      const locked = await this.repository.lockOwn(trx, userId, campaignId);
      if (!locked) throw notFound();
      const lockedRefusal = this.refusal(locked);
      if (lockedRefusal) throw lockedRefusal;
      const drawnCancelled = await this.drawLocked(trx, userId, locked, source);
      await onDrawn?.(trx);
      return drawnCancelled;
    });
    this.log.info({ campaignId: campaign.id, method: source.method, cancelled: cancelled.length }, 'campaign drawn');
    if (cancelled.length > 0) await this.sales.cancelCharges(cancelled);
    return this.organizerResult(userId, campaignId);
  }

  private async beaconSource(drawAt: Date): Promise<Source> {
    const round = roundAt(drawAt);
    try {
      return { method: 'rifaria', beacon: await this.beacon.round(round, AbortSignal.timeout(DRAW_FETCH_TIMEOUT_MS)) };
    } catch (error) {
      if (error instanceof BeaconRoundNotYetError) {
        const seconds = Math.max(1, Math.ceil((error.availableAt.getTime() - Date.now()) / 1000));
        throw new HttpError(422, DRAW_MESSAGES.beaconNotYet, undefined, { 'retry-after': String(seconds) });
      }
      if (error instanceof BeaconUnavailableError) {
        this.log.warn({ round, failures: error.failures }, 'drand unavailable');
        throw new HttpError(503, DRAW_MESSAGES.beaconUnavailable, undefined, { 'retry-after': '30' });
      }
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new HttpError(503, DRAW_MESSAGES.beaconUnavailable, undefined, { 'retry-after': '30' });
      }
      throw error;
    }
  }

  /** The contest's result from the FederalResults adapter, with its errors in pt-BR. */
  private async fetchContest(contest: number): Promise<FederalContestResult> {
    try {
      return await this.federal.contest(contest, AbortSignal.timeout(DRAW_FETCH_TIMEOUT_MS));
    } catch (error) {
      if (error instanceof FederalContestNotFoundError) {
        const message = DRAW_MESSAGES.federalNotFound(contest);
        throw new ValidationError({ contest: [message] }, message);
      }
      if (
        error instanceof FederalResultsUnavailableError ||
        (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      ) {
        this.log.warn({ contest, err: error }, 'Caixa unavailable');
        throw new HttpError(503, DRAW_MESSAGES.federalUnavailable);
      }
      throw error;
    }
  }

  /**
   * The result must come from a contest held on or after the draw date: an earlier contest's numbers were known
   * while tickets were sold. The same in every mode (issue 30, item 18): the sandbox dates the contests it makes up
   * on Caixa's calendar. Only a reply without a date (Caixa's, rarely) is let through.
   */
  private assertContestAfterDraw(result: FederalContestResult, drawAt: Date): void {
    if (result.date === null) return;
    const wall = saoPauloWallClock(drawAt);
    const drawDay = `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
    if (result.date < drawDay) {
      const message = DRAW_MESSAGES.contestBeforeDraw(result.contest, isoDateToBR(result.date), isoDateToBR(drawDay));
      throw new ValidationError({ contest: [message] }, message);
    }
  }

  /**
   * The prizes to draw from. Typed ones are checked against the contest's published result when it can be read
   * (a mismatch is refused); when Caixa does not know the contest yet or cannot be reached, the organiser's stand
   * (recorded as such, shown on the result page).
   */
  private async federalSource(input: { contest: number; prizes?: string[] }, drawAt: Date): Promise<Source> {
    if (!input.prizes) {
      const result = await this.fetchContest(input.contest);
      this.assertContestAfterDraw(result, drawAt);
      return { method: 'federal', contest: input.contest, prizes: result.prizes, from: this.federal.source };
    }
    let result: FederalContestResult | null = null;
    try {
      result = await this.fetchContest(input.contest);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
    if (result) this.assertContestAfterDraw(result, drawAt);
    // Only a real result is compared with the typed prizes: not one the sandbox made up.
    if (result && !result.madeUp) {
      if (result.prizes.join() !== input.prizes.join()) {
        const message = DRAW_MESSAGES.prizesMismatch(input.contest, result.prizes);
        throw new ValidationError({ prizes: [message] }, message);
      }
      return { method: 'federal', contest: input.contest, prizes: result.prizes, from: this.federal.source };
    }
    return { method: 'federal', contest: input.contest, prizes: input.prizes, from: 'organizer' };
  }

  /** A Loteria Federal contest as FEDERAL_RESULTS answers it (the automatic draw looks for a draw date's contest). */
  federalContest(contest: number): Promise<FederalContestResult> {
    return this.federal.contest(contest, AbortSignal.timeout(DRAW_FETCH_TIMEOUT_MS));
  }

  /** GET /api/campaigns/{id}/draw/federal-result: the contest's result, for the organiser to review before drawing. */
  async federalLookup(userId: string, campaignId: string, contestInput: unknown): Promise<FederalContestLookup> {
    const campaign = await this.repository.findOwn(userId, campaignId);
    if (!campaign) throw notFound();
    if (campaign.draw_type_id !== DRAW_TYPE_ID.federal) throw refuse(DRAW_MESSAGES.notFederal);
    const checked = validate(federalDrawSchema, { contest: contestInput ?? '' });
    if (!checked.success)
      throw new ValidationError(checked.errors, checked.errors.contest?.[0] ?? CAMPAIGN_MESSAGES.fixFields);
    const result = await this.fetchContest(checked.output.contest);
    if (campaign.draw_at) this.assertContestAfterDraw(result, campaign.draw_at);
    return {
      contest: result.contest,
      date: result.date,
      date_formatted: result.date ? isoDateToBR(result.date) : null,
      prizes: result.prizes,
      source: this.federal.source,
    };
  }

  /**
   * Under the campaign's row lock: winners, 'Finalizada', the release of its money, the notifications, and the end
   * of every reservation still Pendente (no purchase stays Pendente after a draw). Returns the cancelled purchases.
   */
  private async drawLocked(
    trx: Transaction<Database>,
    userId: string,
    campaign: DrawCampaign,
    source: Source,
  ): Promise<string[]> {
    await this.repository.waitForConfirmations(trx, campaign.id);
    // After the wait: a payment that was being confirmed is Pago now; whatever is still Pendente can no longer be.
    // Cancelled first, so the paid-number read below has no pending purchase's numbers to skip.
    const cancelled = await this.sales.closeAtDraw(trx, campaign.id);
    const numbers = await this.repository.paidNumbers(trx, campaign.id, campaign.total_tickets);
    if (numbers.length === 0) throw refuse(DRAW_MESSAGES.noPaidTickets);
    const awards = await this.repository.awards(trx, campaign.id);
    if (awards.length === 0) throw refuse(CAMPAIGN_MESSAGES.awardsRequired);

    let drawn: { position: number; number: number; steps: string[] }[];
    if (source.method === 'rifaria') {
      if (!campaign.draw_seed) throw new Error(`campaign ${campaign.id} is published without a draw seed`);
      drawn = drawRifaria({
        seed: campaign.draw_seed,
        randomness: Buffer.from(source.beacon.randomness, 'hex'),
        numbers,
        prizes: awards.length,
      }).map((winner) => ({ position: winner.position, number: winner.number, steps: [] }));
    } else {
      drawn = drawFederal({
        totalTickets: campaign.total_tickets,
        prizes: source.prizes,
        awards: awards.length,
        paid: numbers,
      });
    }
    const holders = await this.repository.holders(
      trx,
      campaign.id,
      drawn.map((winner) => winner.number),
    );
    const descriptions = new Map(awards.map((award) => [award.position, award.description]));
    const draw = {
      campaign_id: campaign.id,
      method: source.method,
      paid_count: numbers.length,
      tickets_hash: ticketsHashOf(numbers),
      prizes: awards.map((award) => ({ position: award.position, description: award.description })),
      beacon: source.method === 'rifaria' ? source.beacon : null,
      federal_contest: source.method === 'federal' ? source.contest : null,
      federal_prizes: source.method === 'federal' ? source.prizes : null,
      federal_source: source.method === 'federal' ? source.from : null,
    };
    const drawnAt = await this.repository.insertDraw(
      trx,
      { ...draw, drawn_by: userId },
      drawn.map((winner) => ({
        position: winner.position,
        number: winner.number,
        purchase_id: holders.get(winner.number)!,
        award_description: descriptions.get(winner.position) ?? `${winner.position}º prêmio`,
        steps: winner.steps,
      })),
    );
    // The verification file, built once here and stored with the draw: a download never rebuilds it.
    const file = presentVerificationFile(
      campaign,
      { ...draw, drawn_at: drawnAt },
      drawn,
      numbers,
      await amendmentsOf(trx, campaign.id),
    );
    await this.repository.storeFile(trx, campaign.id, packFile(JSON.stringify(file)));

    // 'Futuro' → 'Disponível': the campaign's paid sales, per wallet they were credited to.
    let releasedCents = 0;
    for (const { wallet_id, amount_cents } of await this.repository.futureByWallet(trx, campaign.id)) {
      if (amount_cents <= 0) continue;
      releasedCents += amount_cents;
      await post(
        trx,
        releasePosting({
          walletId: wallet_id,
          amountCents: amount_cents,
          releaseId: `campaign-${campaign.id}-wallet-${wallet_id}`,
          description: `Sorteio realizado: ${campaign.name}`,
        }),
      );
    }

    await this.notify(trx, campaign, releasedCents);
    return cancelled;
  }

  private async notify(trx: Transaction<Database>, campaign: DrawCampaign, releasedCents: number): Promise<void> {
    const draw = await this.repository.findDraw(campaign.id, trx);
    const winners = await this.repository.winners(campaign.id, trx);
    const drawnCampaign = { ...campaign, status_id: CAMPAIGN_STATUS_ID.finished, drawn_at: draw!.drawn_at };
    const amendments = await amendmentsOf(trx, campaign.id);
    const result = presentOrganizerResult({ campaign: drawnCampaign, draw: draw!, winners, amendments }, this.origin);
    const notice: DrawNotice = {
      campaignName: campaign.name,
      organizerName: campaign.organizer_name,
      organizerPublicName: campaign.organizer_public_name,
      resultUrl: `${this.origin}/p/${campaign.link}/resultado`,
      releasedCents,
    };
    await this.mail.enqueue({ to_address: campaign.organizer_email, ...organizerMail(notice, result) }, trx);
    // The winners (WhatsApp, and e-mail when they gave one) and the organiser's WhatsApp: unless the organiser
    // turned the draw result off in 'Configurações'. Each message once per campaign and prize (dedupe key).
    if (!(await this.notifier.enabled(trx, campaign.user_id, 'draw_result'))) return;
    for (const [index, winner] of result.winners.entries()) {
      const message = winnerMessage(notice, winner);
      await this.notifier.enqueue(trx, {
        userId: campaign.user_id,
        toPhone: winners[index]!.buyer_phone,
        text: message.body_text,
        kind: 'draw_result',
        dedupeKey: `draw_result:${campaign.id}:${winner.position}`,
      });
      if (winner.buyer_email) {
        await this.mail.enqueue(
          { to_address: winner.buyer_email, subject: message.subject, body_text: message.body_text, body_html: null },
          trx,
        );
      }
    }
    await this.notifier.enqueue(trx, {
      userId: campaign.user_id,
      toPhone: await this.notifier.organizerPhone(trx, campaign.user_id),
      text: organizerWhatsApp(notice, result),
      kind: 'draw_result',
      dedupeKey: `draw_result:${campaign.id}:organizer`,
    });
  }

  /** The organiser's result (404 before the draw). */
  async organizerResult(userId: string, campaignId: string): Promise<OrganizerDrawResult> {
    const campaign = await this.repository.findOwn(userId, campaignId);
    if (!campaign) throw notFound();
    const draw = campaign.drawn_at ? await this.repository.findDraw(campaign.id) : undefined;
    if (!draw) throw new HttpError(404, DRAW_MESSAGES.resultNotFound);
    const [winners, amendments] = await Promise.all([
      this.repository.winners(campaign.id),
      amendmentsOf(this.db, campaign.id),
    ]);
    return presentOrganizerResult({ campaign, draw, winners, amendments }, this.origin);
  }

  private async drawnByLink(link: string) {
    const campaign = await this.repository.findDrawnByLink(link);
    const draw = campaign ? await this.repository.findDraw(campaign.id) : undefined;
    if (!campaign || !draw) return null;
    const [winners, amendments] = await Promise.all([
      this.repository.winners(campaign.id),
      amendmentsOf(this.db, campaign.id),
    ]);
    return { campaign, draw, winners, amendments };
  }

  /** GET /public/campaigns/{link}/result, or null before the draw (and for unknown links). */
  async publicResult(link: string): Promise<DrawResult | null> {
    const found = await this.drawnByLink(link);
    return found ? presentPublicResult(found, this.origin) : null;
  }

  /**
   * The stored verification file in the encoding asked for, or null before the draw. A draw made before the file
   * was stored (migration 035) gets it built from its paid numbers on this first download, then stored.
   */
  async verificationFile(
    link: string,
    encoding: 'br' | 'gzip' | null,
  ): Promise<(StoredFile & { link: string }) | null> {
    const campaign = await this.repository.findDrawnByLink(link);
    if (!campaign) return null;
    const stored = await this.repository.findFile(campaign.id, encoding);
    if (stored) return { ...stored, body: encoding ? stored.body : gunzipSync(stored.body), link: campaign.link };
    const [draw, legacy] = await Promise.all([
      this.repository.findDraw(campaign.id),
      this.repository.legacyPaidNumbers(campaign.id),
    ]);
    if (!draw || !legacy) return null;
    const winners = await this.repository.winners(campaign.id);
    const file = presentVerificationFile(
      campaign,
      draw,
      winners,
      decodeNumbers(legacy),
      await amendmentsOf(this.db, campaign.id),
    );
    const packed = packFile(JSON.stringify(file));
    await this.repository.storeFile(this.db, campaign.id, packed);
    return { etag: packed.etag, json_bytes: packed.json_bytes, body: bodyFor(packed, encoding), link: campaign.link };
  }
}

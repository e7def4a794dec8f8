import { amendmentText } from '@rifaria/shared/schemas';
import { formatDateTime, formatTicketNumber, maskPhone } from '@rifaria/shared/format';
import type { CampaignAmendment, DrawBeacon, DrawResult, DrawWinner, OrganizerDrawResult } from '@rifaria/shared/types';
import { maskBuyerName } from '../lib/masks';
import { publicRoundUrl, type BeaconRound } from './beacon';
import type { DrawCampaign, StoredDraw, StoredWinner } from './repository';
import { encodePaidBitmap, VERIFICATION_VERSION, type VerificationFile } from './verification';

/** The stored paid numbers (4-byte big-endian each) as numbers. */
export function decodeNumbers(bytes: Buffer): Uint32Array {
  const numbers = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < numbers.length; i++) numbers[i] = bytes.readUInt32BE(i * 4);
  return numbers;
}

function beaconOf(stored: unknown): (BeaconRound & { url: string | null }) | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const round = stored as BeaconRound;
  return {
    source: round.source,
    chain_hash: round.chain_hash,
    round: round.round,
    randomness: round.randomness,
    signature: round.signature,
    url: publicRoundUrl(round),
  };
}

const stepsOf = (stored: unknown): string[] =>
  Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];

function winnerOf(campaign: DrawCampaign, winner: StoredWinner): DrawWinner {
  return {
    position: winner.position,
    award: { description: winner.award_description },
    number: formatTicketNumber(winner.number, campaign.total_tickets),
    buyer_name: maskBuyerName(winner.buyer_name),
  };
}

/** A drawn campaign as stored: the draw, its winners, and the amendments published since. */
export interface StoredResult {
  campaign: DrawCampaign;
  draw: StoredDraw;
  winners: StoredWinner[];
  amendments: CampaignAmendment[];
}

/** What both replies say; `origin` is where the campaign's page is (lib/public-origin.ts linkOriginOf). */
function resultOf({ campaign, draw, winners, amendments }: StoredResult, origin: string): Omit<DrawResult, 'winners'> {
  const rifaria = draw.method === 'rifaria';
  const beacon: DrawBeacon | null = rifaria ? beaconOf(draw.beacon) : null;
  return {
    method: draw.method,
    campaign: {
      name: campaign.name,
      link: campaign.link,
      total_tickets: campaign.total_tickets,
      full_url: `${origin}/p/${campaign.link}`,
    },
    seed: rifaria && campaign.draw_seed ? campaign.draw_seed.toString('hex') : null,
    commitment: rifaria ? campaign.draw_commitment : null,
    beacon,
    federal:
      !rifaria && draw.federal_contest !== null && draw.federal_prizes !== null
        ? {
            contest: draw.federal_contest,
            prizes: draw.federal_prizes,
            source: draw.federal_source ?? 'organizer',
            steps: winners.map((winner) => stepsOf(winner.steps)),
          }
        : null,
    tickets_hash: draw.tickets_hash,
    paid_count: draw.paid_count,
    drawn_at: draw.drawn_at.toISOString(),
    drawn_at_formatted: formatDateTime(draw.drawn_at),
    amendments,
  };
}

/** GET /public/campaigns/{link}/result: winners' names masked. */
export function presentPublicResult(stored: StoredResult, origin: string): DrawResult {
  return {
    ...resultOf(stored, origin),
    winners: stored.winners.map((winner) => winnerOf(stored.campaign, winner)),
  };
}

/** GET/POST /api/campaigns/{id}/draw: the organiser sees who won and how to reach them. */
export function presentOrganizerResult(stored: StoredResult, origin: string): OrganizerDrawResult {
  return {
    ...resultOf(stored, origin),
    winners: stored.winners.map((winner) => ({
      ...winnerOf(stored.campaign, winner),
      buyer_name: winner.buyer_name,
      buyer_phone: maskPhone(winner.buyer_phone),
      buyer_email: winner.buyer_email,
      purchase_hash: winner.purchase_hash,
    })),
  };
}

const prizesOf = (stored: unknown): { position: number; description: string }[] =>
  Array.isArray(stored)
    ? stored.map((prize: { position: number; description: string }) => ({
        position: prize.position,
        description: prize.description,
      }))
    : [];

/**
 * GET /public/campaigns/{link}/result/verification.json: everything `npm run verify-draw` needs, the paid numbers as
 * a bitmap (version 2). Built once, at the draw (or at the first download of an older draw), then stored.
 */
export function presentVerificationFile(
  campaign: DrawCampaign,
  draw: Omit<StoredDraw, 'campaign_id'>,
  winners: { position: number; number: number }[],
  paid: Uint32Array,
  /** What changed after sales (issue 30): part of the record anyone can keep. */
  amendments: CampaignAmendment[] = [],
): VerificationFile {
  const file: VerificationFile = {
    version: VERIFICATION_VERSION,
    campaign: { link: campaign.link, name: campaign.name, total_tickets: campaign.total_tickets },
    method: draw.method,
    prizes: prizesOf(draw.prizes),
    paid_count: paid.length,
    paid_bitmap: encodePaidBitmap(paid, campaign.total_tickets),
    tickets_hash: draw.tickets_hash,
    winners: winners.map((winner) => ({ position: winner.position, number: winner.number })),
    drawn_at: draw.drawn_at.toISOString(),
    amendments: amendments.map((amendment) => ({ ...amendment, text: amendmentText(amendment) })),
  };
  if (draw.method === 'rifaria') {
    const beacon = beaconOf(draw.beacon);
    file.seed = campaign.draw_seed?.toString('hex');
    file.commitment = campaign.draw_commitment ?? undefined;
    if (beacon) {
      const { url: _url, ...round } = beacon;
      file.beacon = round;
    }
  } else if (draw.federal_contest !== null && draw.federal_prizes !== null) {
    file.federal = { contest: draw.federal_contest, prizes: draw.federal_prizes };
  }
  return file;
}

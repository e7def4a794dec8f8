/**
 * The draw's verification file (`GET /public/campaigns/{link}/result/verification.json`) and its check, shared by
 * the server and `npm run verify-draw -- FILE`. The file holds everything needed to recompute the draw with no
 * server: the paid numbers, the seed and its commitment, the beacon round with its signature, or the Federal
 * contest's prizes, and the winners published.
 */
import type { CampaignAmendment } from '@rifaria/shared/types';
import { commitmentOf, drawRifaria, isSortedTicketList, ticketsHashOf } from './algorithm';
import { verifyBeaconRound, type BeaconRound } from './beacon';
import { drawFederal, FEDERAL_PRIZES } from './federal';

/** 2: the paid numbers as a bitmap (`paid_bitmap`); 1 (draws before issue 29): as a JSON array (`paid_numbers`). */
export const VERIFICATION_VERSION = 2;

export interface VerificationFile {
  version: number;
  campaign: { link: string; name: string; total_tickets: number };
  method: 'rifaria' | 'federal';
  /** The campaign's prizes, in order. */
  prizes: { position: number; description: string }[];
  /** Version 1: every paid number at the draw, ascending. */
  paid_numbers?: number[];
  /** Version 2: how many numbers were paid. */
  paid_count?: number;
  /**
   * Version 2: base64 of ceil(total_tickets / 8) bytes; number n is paid when bit (0x80 >> (n % 8)) of byte
   * floor(n / 8) is set (a full 10-million campaign: 1.7 MB, a few KB gzipped).
   */
  paid_bitmap?: string;
  tickets_hash: string;
  /** 'Sorteio Rifaria' only. */
  seed?: string;
  commitment?: string;
  beacon?: BeaconRound;
  /** 'Loteria Federal' only. */
  federal?: { contest: number; prizes: string[] };
  winners: { position: number; number: number }[];
  drawn_at: string;
  /**
   * Issue 30: the campaign's amendments after sales (rules, a later draw date), with the sentence the buyers were
   * sent. Information for whoever keeps the file; not part of the draw's computation.
   */
  amendments?: (CampaignAmendment & { text: string })[];
}

export interface Check {
  label: string;
  ok: boolean;
  detail?: string;
}

/** What the file claims, for comparing with what was published before the draw (npm run verify-draw --link). */
export interface VerificationFacts {
  link: string;
  totalTickets: number;
  /** 'Sorteio Rifaria': the commitment in the file; null for 'Loteria Federal'. */
  commitment: string | null;
  paidCount: number;
}

export interface VerificationReport {
  ok: boolean;
  checks: Check[];
  /** The winners recomputed from the file (what the draw gives), in prize order. */
  winners: { position: number; number: number }[];
  /** Absent when the file is malformed. */
  facts?: VerificationFacts;
}

/** 10 million paid numbers as a version 1 JSON array stay well under this. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** The parsed file from its bytes (JSON); throws a pt-BR message when it cannot be read. */
export function readVerificationFile(bytes: Buffer): unknown {
  if (bytes.length > MAX_FILE_BYTES) throw new Error(`arquivo grande demais (${bytes.length} bytes)`);
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new Error('o arquivo não é um JSON válido');
  }
}

const HEX_32 = /^[0-9a-f]{64}$/;

/** The paid numbers (ascending) as version 2's bitmap, base64. */
export function encodePaidBitmap(numbers: ArrayLike<number>, totalTickets: number): string {
  const bitmap = Buffer.alloc(Math.ceil(totalTickets / 8));
  for (let i = 0; i < numbers.length; i++) {
    const n = numbers[i]!;
    bitmap[n >>> 3]! |= 0x80 >>> (n & 7);
  }
  return bitmap.toString('base64');
}

/** The paid numbers, ascending, from version 2's bitmap; null when it is not exactly the campaign's size. */
export function decodePaidBitmap(base64: unknown, totalTickets: number): Uint32Array | null {
  const bytes = Math.ceil(totalTickets / 8);
  if (typeof base64 !== 'string' || base64.length !== Math.ceil(bytes / 3) * 4) return null;
  const bitmap = Buffer.from(base64, 'base64');
  if (bitmap.length !== bytes || bitmap.toString('base64') !== base64) return null;
  let count = 0;
  for (let i = 0; i < bitmap.length; i++) {
    for (let v = bitmap[i]!; v !== 0; v &= v - 1) count++;
  }
  const numbers = new Uint32Array(count);
  let k = 0;
  for (let i = 0; i < bitmap.length; i++) {
    const byte = bitmap[i]!;
    if (byte === 0) continue;
    for (let bit = 0; bit < 8; bit++) if (byte & (0x80 >>> bit)) numbers[k++] = i * 8 + bit;
  }
  // Bits past the last number would be numbers outside the campaign.
  if (count > 0 && numbers[count - 1]! >= totalTickets) return null;
  return numbers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a parsed verification file; never throws on bad input (a malformed file is a failed check). */
export function verifyDrawFile(raw: unknown): VerificationReport {
  const checks: Check[] = [];
  // Filled once the file's shape is known, so later failures still say what the file claims.
  const known: { facts?: VerificationFacts } = {};
  const fail = (label: string, detail: string): VerificationReport => ({
    ok: false,
    checks: [...checks, { label, ok: false, detail }],
    winners: [],
    facts: known.facts,
  });
  if (!isRecord(raw) || (raw.version !== 1 && raw.version !== VERIFICATION_VERSION))
    return fail('Formato do arquivo', `versão esperada: 1 ou ${VERIFICATION_VERSION}`);
  const file = raw as unknown as VerificationFile;
  if (!isRecord(file.campaign) || !Number.isInteger(file.campaign.total_tickets) || file.campaign.total_tickets < 1) {
    return fail('Formato do arquivo', 'campaign.total_tickets ausente ou inválido');
  }
  if (!Array.isArray(file.prizes) || file.prizes.length < 1) return fail('Formato do arquivo', 'prizes ausente');
  let paid: ArrayLike<number>;
  if (file.version === 1) {
    if (!Array.isArray(file.paid_numbers) || !isSortedTicketList(file.paid_numbers)) {
      return fail('Formato do arquivo', 'paid_numbers deve estar em ordem crescente, sem repetições');
    }
    if (file.paid_numbers.some((n) => n >= file.campaign.total_tickets)) {
      return fail('Formato do arquivo', 'paid_numbers tem número fora da campanha');
    }
    paid = file.paid_numbers;
  } else {
    const decoded = decodePaidBitmap(file.paid_bitmap, file.campaign.total_tickets);
    if (!decoded) return fail('Formato do arquivo', 'paid_bitmap deve ter um bit por número da campanha (base64)');
    if (decoded.length !== file.paid_count) {
      return fail('Formato do arquivo', `paid_count ${String(file.paid_count)}, o mapa tem ${decoded.length}`);
    }
    paid = decoded;
  }
  if (!Array.isArray(file.winners)) return fail('Formato do arquivo', 'winners ausente');
  const facts: VerificationFacts = {
    link: String(file.campaign.link),
    totalTickets: file.campaign.total_tickets,
    commitment: file.method === 'rifaria' && typeof file.commitment === 'string' ? file.commitment : null,
    paidCount: paid.length,
  };
  known.facts = facts;

  const listHash = ticketsHashOf(paid);
  checks.push({
    label: 'Hash da lista de números pagos',
    ok: listHash === file.tickets_hash,
    detail: listHash === file.tickets_hash ? listHash : `calculado ${listHash}, publicado ${String(file.tickets_hash)}`,
  });

  let winners: { position: number; number: number }[];
  if (file.method === 'rifaria') {
    if (typeof file.seed !== 'string' || !HEX_32.test(file.seed))
      return fail('Semente', 'seed deve ter 64 dígitos hexadecimais');
    const commitment = commitmentOf(Buffer.from(file.seed, 'hex'));
    checks.push({
      label: 'Compromisso (SHA-256 da semente)',
      ok: commitment === file.commitment,
      detail:
        commitment === file.commitment ? commitment : `calculado ${commitment}, publicado ${String(file.commitment)}`,
    });
    const beacon = verifyBeaconRound(file.beacon);
    checks.push({ label: 'Rodada do beacon público', ok: beacon.ok, detail: beacon.detail });
    if (!beacon.ok) return { ok: false, checks, winners: [], facts };
    winners = drawRifaria({
      seed: Buffer.from(file.seed, 'hex'),
      randomness: Buffer.from(file.beacon!.randomness, 'hex'),
      numbers: paid,
      prizes: file.prizes.length,
    }).map(({ position, number }) => ({ position, number }));
  } else if (file.method === 'federal') {
    const federal = file.federal;
    if (
      !isRecord(federal) ||
      !Array.isArray(federal.prizes) ||
      federal.prizes.length !== FEDERAL_PRIZES ||
      federal.prizes.some((p) => typeof p !== 'string' || !/^\d{5}$/.test(p))
    ) {
      return fail('Resultado da Loteria Federal', 'federal.prizes deve ter os 5 prêmios com 5 dígitos');
    }
    checks.push({
      label: 'Resultado da Loteria Federal',
      ok: true,
      detail: `concurso ${federal.contest}: ${federal.prizes.join(', ')}`,
    });
    winners = drawFederal({
      totalTickets: file.campaign.total_tickets,
      prizes: federal.prizes,
      awards: file.prizes.length,
      paid,
    }).map(({ position, number }) => ({ position, number }));
  } else {
    return fail('Formato do arquivo', "method deve ser 'rifaria' ou 'federal'");
  }

  const published = file.winners.map((w) => `${w.position}:${w.number}`).join(',');
  const recomputed = winners.map((w) => `${w.position}:${w.number}`).join(',');
  checks.push({
    label: 'Ganhadores recalculados',
    ok: published === recomputed,
    detail: published === recomputed ? undefined : `calculado ${recomputed || '—'}, publicado ${published || '—'}`,
  });
  return { ok: checks.every((check) => check.ok), checks, winners, facts };
}

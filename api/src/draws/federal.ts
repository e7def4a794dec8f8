/**
 * 'Loteria Federal': the rule that turns Caixa's five prizes into the campaign's winners (issue 13). Pure, so the
 * server, the regulation text and `verify-draw` share it.
 *
 * - N tickets are numbered 0..N−1; k is the number of digits of N−1.
 * - Prize i (1..P) looks first at Federal prize j = ((i−1) mod 5) + 1: the candidate is its last k digits. When k > 5,
 *   its 5 digits are preceded by the last k−5 digits of the next Federal prize (j+1, wrapping after the 5th).
 * - A candidate that is ≥ N, not paid, or already a winner: try the next Federal prizes (j+1, …, wrapping), the same
 *   way. None: the nearest paid number upward from the first candidate, wrapping at N, that has not won yet.
 * Each step is written down in pt-BR, to be shown on the result page.
 */

export const FEDERAL_PRIZES = 5;
const FEDERAL_DIGITS = 5;

/** Caixa's prize numbers: five strings of digits (Caixa's API pads to 6; the last 5 are the number). */
export type FederalPrizes = readonly string[];

export function digitsFor(totalTickets: number): number {
  return String(Math.max(0, totalTickets - 1)).length;
}

/** A Federal prize as its 5 digits ('066069' → '66069', '366' → '00366'); null when it is not a number. */
export function normalizeFederalPrize(raw: string): string | null {
  const text = String(raw).trim().slice(0, 12);
  if (!/^\d{1,7}$/.test(text)) return null;
  return text.padStart(FEDERAL_DIGITS, '0').slice(-FEDERAL_DIGITS);
}

function ordinal(n: number): string {
  return `${n}º`;
}

/** The candidate number from Federal prize j (1-based), with how it was read. */
function candidateFrom(prizes: FederalPrizes, j: number, k: number): { value: number; text: string; explain: string } {
  const prize = prizes[j - 1]!;
  if (k <= FEDERAL_DIGITS) {
    const text = prize.slice(-k);
    return {
      value: Number(text),
      text,
      explain: `${ordinal(j)} prêmio da Federal ${prize} → últimos ${k} dígito${k > 1 ? 's' : ''}: ${text}`,
    };
  }
  const next = (j % FEDERAL_PRIZES) + 1;
  const head = prizes[next - 1]!.slice(-(k - FEDERAL_DIGITS)).padStart(k - FEDERAL_DIGITS, '0');
  const text = `${head}${prize}`;
  return {
    value: Number(text),
    text,
    explain: `últimos ${k - FEDERAL_DIGITS} dígito${k - FEDERAL_DIGITS > 1 ? 's' : ''} do ${ordinal(next)} prêmio (${prizes[next - 1]}) seguidos do ${ordinal(j)} prêmio (${prize}): ${text}`,
  };
}

export interface FederalDrawInput {
  totalTickets: number;
  /** The five Federal prizes, 1st to 5th, as 5-digit strings (see normalizeFederalPrize). */
  prizes: FederalPrizes;
  /** How many campaign prizes. */
  awards: number;
  /** The paid numbers, ascending, without repeats. */
  paid: ArrayLike<number>;
}

export interface FederalWinner {
  position: number;
  number: number;
  /** How the number was reached, step by step, in pt-BR. */
  steps: string[];
}

/** First index in the sorted list whose value is ≥ target (binary search). */
function lowerBound(sorted: ArrayLike<number>, target: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function drawFederal(input: FederalDrawInput): FederalWinner[] {
  const { totalTickets: total, prizes, awards, paid } = input;
  if (prizes.length !== FEDERAL_PRIZES || prizes.some((p) => !/^\d{5}$/.test(p))) {
    throw new Error('the five Federal prizes must be 5-digit strings');
  }
  const k = digitsFor(total);
  const isPaid = (n: number) => {
    const at = lowerBound(paid, n);
    return at < paid.length && paid[at] === n;
  };
  const won = new Set<number>();
  const winners: FederalWinner[] = [];
  for (let position = 1; position <= awards && won.size < paid.length; position++) {
    const steps: string[] = [];
    const first = ((position - 1) % FEDERAL_PRIZES) + 1;
    let chosen: number | null = null;
    let original: number | null = null;
    for (let tried = 0; tried < FEDERAL_PRIZES && chosen === null; tried++) {
      const j = ((first - 1 + tried) % FEDERAL_PRIZES) + 1;
      const candidate = candidateFrom(prizes, j, k);
      original ??= candidate.value;
      const why =
        candidate.value >= total
          ? `${candidate.text} não existe nesta campanha (os números vão até ${String(total - 1).padStart(k, '0')})`
          : won.has(candidate.value)
            ? `${candidate.text} já foi premiado`
            : !isPaid(candidate.value)
              ? `${candidate.text} não foi vendido e pago`
              : null;
      steps.push(`${tried === 0 ? '' : 'Tentando o próximo: '}${candidate.explain}.`);
      if (why) steps.push(`${why[0]!.toUpperCase()}${why.slice(1)}.`);
      else chosen = candidate.value;
    }
    if (chosen === null) {
      const start = original! >= total ? 0 : original!;
      let at = lowerBound(paid, start);
      for (let seen = 0; seen < paid.length; seen++, at++) {
        if (at >= paid.length) at = 0;
        if (!won.has(paid[at]!)) {
          chosen = paid[at]!;
          break;
        }
      }
      if (chosen === null) break;
      steps.push(
        `Nenhum prêmio da Federal serviu: vale o número pago mais próximo acima de ${String(original).padStart(k, '0')} (voltando ao 0 depois do último): ${String(chosen).padStart(k, '0')}.`,
      );
    }
    won.add(chosen);
    steps.push(`Ganhador do ${ordinal(position)} prêmio: ${String(chosen).padStart(k, '0')}.`);
    winners.push({ position, number: chosen, steps });
  }
  return winners;
}

/** The rule in the campaign's regulation (pt-BR), from its size; published before sales. */
export function federalRuleText(totalTickets: number): string {
  const k = digitsFor(totalTickets);
  const last = String(totalTickets - 1).padStart(k, '0');
  const zero = '0'.repeat(k);
  const source =
    k <= FEDERAL_DIGITS
      ? `últimos ${k} dígito${k > 1 ? 's' : ''} do prêmio da Loteria Federal de mesma ordem (o 1º prêmio da campanha usa o 1º prêmio da Federal, o 2º usa o 2º, e assim por diante; do 6º em diante, volta ao 1º)`
      : `últimos ${k - FEDERAL_DIGITS} dígito${k - FEDERAL_DIGITS > 1 ? 's' : ''} do prêmio seguinte da Loteria Federal seguidos dos 5 dígitos do prêmio de mesma ordem (o 1º prêmio da campanha usa o 2º e o 1º prêmios da Federal, e assim por diante)`;
  return [
    'Vale o resultado do primeiro concurso da Loteria Federal realizado a partir da data do sorteio.',
    `Os números desta campanha vão de ${zero} a ${last}.`,
    `O número de cada prêmio é formado pelos ${source}.`,
    `Se esse número não existir na campanha, não tiver sido vendido e pago ou já tiver sido premiado, vale o mesmo cálculo com o prêmio seguinte da Federal (do 5º volta ao 1º).`,
    `Se nenhum dos cinco prêmios servir, ganha o número pago mais próximo acima do primeiro número calculado (depois do ${last}, volta ao ${zero}).`,
  ].join(' ');
}

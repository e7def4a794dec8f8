import { formatBRL } from '@rifaria/shared/format';

/** Replies carry reais as 2-decimal numbers; inside the code money is integer centavos. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** 12.5 → 'R$ 12,50' (NO-BREAK SPACE, as formatBRL). */
export function formatReais(reais: number): string {
  return formatBRL(reaisToCents(reais));
}

/** 1 → '1 número', 10 → '10 números' (thousands with a dot). */
export function ticketCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'número' : 'números'}`;
}

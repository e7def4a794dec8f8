import { formatInteger } from '@rifaria/shared/format';

/** 1 → '1 número', 10 → '10 números' (thousands with a dot). */
export function ticketCount(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? 'número' : 'números'}`;
}

/**
 * Money is integer centavos everywhere inside the code; the API's JSON carries reais as numbers with 2 decimals
 * (the spec's contract: "ticket_price": 10.5). These functions are the one place that crosses that line, on the
 * server and in every front end.
 */
import { formatBRL } from './format';

/** Centavos (a bigint column read as string, number or bigint) → reais with 2 decimals; null/undefined → 0. */
export function centsToReais(cents: string | number | bigint | null | undefined): number {
  if (cents === null || cents === undefined) return 0;
  return Number(cents) / 100;
}

/** Reais from the API (number, or a numeric string) → integer centavos, without float noise; null/undefined → 0. */
export function reaisToCents(reais: string | number | null | undefined): number {
  return Math.round(Number(reais ?? 0) * 100);
}

/** Reais from the API → 'R$ 12,50' (formatBRL works on centavos, so no float reaches Intl). */
export function formatReais(reais: string | number | null | undefined): string {
  return formatBRL(reaisToCents(reais));
}

/** A campaign's goal, total tickets × ticket price, in exact centavos (10.000.000 × R$ 0,10 must not drift). */
export function campaignGoalCents(campaign: { total_tickets: number; ticket_price: number }): number {
  return campaign.total_tickets * reaisToCents(campaign.ticket_price);
}

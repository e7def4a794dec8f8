/**
 * Money is integer centavos everywhere inside the code; the API's JSON carries reais as numbers with 2 decimals
 * (the spec's contract: "ticket_price": 10.5). These two functions are the one place that crosses that line.
 */

/** Centavos (a bigint column read as string, number or bigint) → reais with 2 decimals; null/undefined → 0. */
export function centsToReais(cents: string | number | bigint | null | undefined): number {
  if (cents === null || cents === undefined) return 0;
  return Number(cents) / 100;
}

/** Reais from the API (number, or a numeric string) → integer centavos; null/undefined → 0. */
export function reaisToCents(reais: string | number | null | undefined): number {
  return Math.round(Number(reais ?? 0) * 100);
}

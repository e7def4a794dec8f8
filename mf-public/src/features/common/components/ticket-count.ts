/** 1 → '1 número', 10 → '10 números' (thousands with a dot). */
export function ticketCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'número' : 'números'}`;
}

/** São Paulo days (UTC-3 all year: Brazil has had no daylight saving since 2019), as 'YYYY-MM-DD'. */

/** The day [00:00, 24:00) in São Paulo (UTC-3, no daylight saving since 2019). */
export function saoPauloDayPeriod(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00-03:00`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** The São Paulo date `daysAgo` days before `now`. */
export function saoPauloDate(now: Date, daysAgo = 0): string {
  return new Date(now.getTime() - 3 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

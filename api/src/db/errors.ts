/** PostgreSQL error helpers: the one place that reads driver error codes. */

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

/**
 * PostgreSQL unique_violation (23505), optionally on a given constraint or index. PGlite does not always fill
 * `constraint`; its message names it, so the message is read too.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as PgError | null;
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || (e.message ?? '').includes(constraint);
}

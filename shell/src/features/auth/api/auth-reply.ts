import type { SessionUser } from '@rifaria/shared/types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The user object of /auth/login, /auth/register and /auth/me: `user`, `data.user` or `data`. */
export function readUser(body: unknown): SessionUser | null {
  if (!isRecord(body)) return null;
  const candidates = [body.user, isRecord(body.data) ? body.data.user : undefined, body.data, body];
  for (const candidate of candidates) {
    if (isRecord(candidate) && typeof candidate.name === 'string') return candidate as unknown as SessionUser;
  }
  return null;
}

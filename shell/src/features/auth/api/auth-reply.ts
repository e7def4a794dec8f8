import type { SessionUser } from '@rifaria/shared/types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The login/registration replies carry the token as `access_token` (or `token`) next to `user` (spec section 3).
 * A `data` envelope is accepted too, so the screens do not break if the API wraps its replies.
 */
export function readAuthReply(body: unknown): { token: string | null; user: SessionUser | null } {
  const root = isRecord(body) ? body : {};
  const data = isRecord(root.data) ? root.data : {};
  const pick = (key: string) =>
    typeof root[key] === 'string' ? root[key] : typeof data[key] === 'string' ? data[key] : null;
  const token = (pick('access_token') ?? pick('token')) as string | null;
  return { token: token || null, user: readUser(body) };
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

import { useEffect } from 'react';
import { api } from '@rifaria/shared/api-client';
import { useSession } from '@rifaria/shared/session';
import type { SessionUser } from '@rifaria/shared/types';
import { readUser } from './auth-reply';

/** GET /api/auth/me. */
export async function getMe(): Promise<SessionUser | null> {
  const body = await api.get('/api/auth/me').json<unknown>();
  return readUser(body);
}

/**
 * Refreshes the stored user (name, profile description…) once when the admin area mounts.
 * A failure keeps what is stored; a 401 is handled by the API client (session cleared, back to /login).
 */
export function useRefreshSessionUser(): void {
  useEffect(() => {
    let active = true;
    getMe()
      .then((user) => {
        if (active && user) useSession.getState().updateUser(user);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
}

import { api } from '@rifaria/shared/api-client';
import { useSession } from '@rifaria/shared/session';

/**
 * POST /api/auth/logout (revokes the session server-side and clears its cookie); failures are ignored and the session
 * is cleared here anyway.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout', { retry: 0 });
  } catch {
    // Spec section 7: logout call failures are ignored.
  } finally {
    useSession.getState().logout();
  }
}

import { api } from '@rifaria/shared/api-client';
import type { ResetPasswordInput } from '@rifaria/shared/schemas';

/**
 * POST /api/auth/reset-password {token, password, password_confirmation}. The link is single use and the server
 * revokes every session of the account, so a success leaves nobody signed in.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post('/api/auth/reset-password', { json: input });
}

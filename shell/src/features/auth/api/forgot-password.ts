import { api } from '@rifaria/shared/api-client';
import type { ForgotPasswordInput } from '@rifaria/shared/schemas';

/**
 * POST /api/auth/forgot-password {email}. The reply is the same whether or not the e-mail is registered, so there is
 * nothing to read from it: success means "a link was sent if the account exists".
 */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  await api.post('/api/auth/forgot-password', { json: input });
}

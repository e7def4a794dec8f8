import { api } from '@rifaria/shared/api-client';

/** POST /api/auth/send-verification-email (no payload; the API throttles to one e-mail a minute → 429). */
export async function sendVerificationEmail(): Promise<void> {
  await api.post('/api/auth/send-verification-email');
}

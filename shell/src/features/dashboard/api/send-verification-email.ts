import { api } from '@rifaria/shared/api-client';

/**
 * POST /api/auth/send-verification-email (no payload): mails a 6-digit code, typed in 'Meus Dados'. The API allows
 * one send every 30 s (429) and answers 422 when the e-mail is already verified.
 */
export async function sendVerificationEmail(): Promise<void> {
  await api.post('/api/auth/send-verification-email');
}

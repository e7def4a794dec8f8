/** The e-mail confirmation dialog: the 6-digit code is mailed, then typed back (issue 14 contract). */
import { api } from '@rifaria/shared/api-client';
import type { VerifyEmailReply } from '@rifaria/shared/types';

/**
 * POST /api/auth/send-verification-email: mails a new code (older ones stop working). 429 with `retry-after` when
 * one was sent less than EMAIL_CODE_RESEND_SECONDS ago; 422 when the e-mail is already verified.
 */
export async function sendVerificationCode(): Promise<{ success: boolean; message?: string }> {
  return api.post('/api/auth/send-verification-email').json<{ success: boolean; message?: string }>();
}

/** POST /api/auth/verify-email {code} → the user with email_verified_at set; a wrong code is a 422 on `code`. */
export async function verifyEmailCode(code: string): Promise<VerifyEmailReply> {
  return api.post('/api/auth/verify-email', { json: { code } }).json<VerifyEmailReply>();
}

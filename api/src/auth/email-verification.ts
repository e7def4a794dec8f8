import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { paths } from '@rifaria/shared/paths';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_RESEND_SECONDS } from '@rifaria/shared/constants';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_MESSAGES, EMAIL_CODE_TTL_MINUTES } from '@rifaria/shared/schemas';
import type { Database, User } from '../db/schema';
import { fieldError, HttpError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import { generateNumericCode, keyedHash } from '../lib/tokens';
import { verificationCodeEmail } from '../mail/templates';
import type { MailTransport } from '../mail/transport';
import type { Repositories } from '../registry';

export interface EmailCodeSettings {
  /** A code is valid this long (EMAIL_CODE_TTL_MINUTES) ... */
  ttlMinutes: number;
  /** ... and for this many wrong guesses (EMAIL_CODE_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** A new code may be sent this long after the previous one (EMAIL_CODE_RESEND_SECONDS, the dialog's countdown). */
  resendSeconds: number;
  /**
   * Codes one user may be sent per 24 hours. With 5 guesses per code and a code every 30 s, guessing 10^6 codes
   * would otherwise succeed within days; with 10 a day it takes hundreds of years on average.
   */
  dailyMax: number;
}

export const EMAIL_CODE_SETTINGS: EmailCodeSettings = {
  ttlMinutes: EMAIL_CODE_TTL_MINUTES,
  maxAttempts: EMAIL_CODE_MAX_ATTEMPTS,
  resendSeconds: EMAIL_CODE_RESEND_SECONDS,
  dailyMax: 10,
};

type VerifyOutcome =
  { kind: 'verified'; user: User } | { kind: 'alreadyVerified' | 'expired' | 'invalid' | 'tooManyAttempts' };

/**
 * E-mail verification by a 6-digit code (the spec's "E-mail confirmation dialog"): POST /api/auth/send-verification-email
 * mails a code, POST /api/auth/verify-email checks it. The code is stored as HMAC-SHA256 with `codeKey` (derived from a
 * server secret), never readable; it is compared in constant time.
 */
export class EmailVerificationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repos: Repositories,
    private readonly mail: MailTransport,
    /** Called on first use: resolving the server secret may create its file (outside production). */
    private readonly codeKey: () => Buffer,
    private readonly settings: EmailCodeSettings = EMAIL_CODE_SETTINGS,
  ) {}

  /**
   * Mails a new code (voiding the previous one) with a link to `origin` (lib/public-origin.ts) that opens the code
   * dialog. Paced per user in the database, not in process memory, so it holds across API replicas; the user row
   * lock makes two simultaneous clicks send one e-mail.
   */
  async send(userId: string, origin: string): Promise<void> {
    const code = generateNumericCode(EMAIL_CODE_LENGTH);
    const codeHash = keyedHash(this.codeKey(), code);
    const { ttlMinutes, resendSeconds, dailyMax } = this.settings;
    await this.db.transaction().execute(async (trx) => {
      const user = await this.repos.users.findByIdForUpdate(userId, trx);
      if (!user) throw new Error(`User ${userId} vanished while sending a verification code`);
      if (user.email_verified_at) throw new HttpError(422, EMAIL_CODE_MESSAGES.alreadyVerified);

      const history = await this.repos.emailVerifications.history(userId, 24, trx);
      const now = history.now.getTime();
      const waitMs = history.last ? history.last.getTime() + resendSeconds * 1000 - now : 0;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(429, API_MESSAGES.emailCodeTooSoon(seconds), undefined, { 'retry-after': String(seconds) });
      }
      if (history.inWindow >= dailyMax && history.oldestInWindow) {
        const seconds = Math.max(1, Math.ceil((history.oldestInWindow.getTime() + 24 * 3600_000 - now) / 1000));
        throw new HttpError(429, API_MESSAGES.emailCodeDailyLimit, undefined, { 'retry-after': String(seconds) });
      }

      await this.repos.emailVerifications.replace({ userId, email: user.email, hash: codeHash, ttlMinutes }, trx);
      await this.mail.send(
        verificationCodeEmail({
          to: user.email,
          name: user.name,
          code,
          link: `${origin}${paths.profile.getHref({ verifyEmail: true })}`,
          ttlMinutes,
        }),
        trx,
      );
    });
  }

  /**
   * Checks `code` against the user's latest code and verifies the account's e-mail. A wrong guess is counted (and
   * committed) before the 422; the last allowed wrong guess and every try after it answer tooManyAttempts. A code sent
   * to another address (the e-mail changed since) counts as expired.
   */
  async verify(userId: string, code: string): Promise<User> {
    const codeHash = keyedHash(this.codeKey(), code);
    const outcome = await this.db.transaction().execute(async (trx): Promise<VerifyOutcome> => {
      const user = await this.repos.users.findByIdForUpdate(userId, trx);
      if (!user) throw new Error(`User ${userId} vanished while verifying a code`);
      if (user.email_verified_at) return { kind: 'alreadyVerified' };

      const latest = await this.repos.emailVerifications.latestForUpdate(userId, trx);
      if (!latest || latest.used_at || latest.expired || latest.email.toLowerCase() !== user.email.toLowerCase()) {
        return { kind: 'expired' };
      }
      if (latest.attempts >= this.settings.maxAttempts) return { kind: 'tooManyAttempts' };
      if (!timingSafeEqual(latest.code_hash, codeHash)) {
        const attempts = await this.repos.emailVerifications.recordWrongAttempt(latest.id, trx);
        return { kind: attempts >= this.settings.maxAttempts ? 'tooManyAttempts' : 'invalid' };
      }
      await this.repos.emailVerifications.markUsed(latest.id, trx);
      return {
        kind: 'verified',
        user: await this.repos.users.update(user.id, { email_verified_at: new Date() }, trx),
      };
    });
    switch (outcome.kind) {
      case 'verified':
        return outcome.user;
      case 'alreadyVerified':
        throw new HttpError(422, EMAIL_CODE_MESSAGES.alreadyVerified);
      default: {
        const message = EMAIL_CODE_MESSAGES[outcome.kind];
        throw fieldError('code', message, message);
      }
    }
  }
}

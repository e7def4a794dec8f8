import type { Kysely } from 'kysely';
import type { Database, User } from '../db/schema';
import { HttpError } from '../lib/errors';
import { API_MESSAGES } from '../lib/messages';
import { generateToken, hashToken } from '../lib/tokens';
import { verificationEmail } from '../mail/templates';
import type { MailTransport } from '../mail/transport';
import type { Repositories } from '../plugins/app/repositories';

export interface EmailVerificationSettings {
  minIntervalSeconds: number;
  tokenTtlHours: number;
}

export type VerificationOutcome = 'verified' | 'invalid';

export class EmailVerificationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repos: Repositories,
    private readonly mail: MailTransport,
    private readonly settings: EmailVerificationSettings,
  ) {}

  /**
   * Sends a one-time verification link. Throttled per user in the database (not in process memory),
   * so the limit holds across API replicas; the user row lock makes two simultaneous clicks send one e-mail.
   * The link is on `origin`: PUBLIC_URL, or (the demo) the address the user asked from (lib/public-origin.ts).
   */
  async send(userId: string, origin: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const user = await this.repos.users.findByIdForUpdate(userId, trx);
      if (!user) throw new Error(`User ${userId} vanished while sending a verification e-mail`);
      if (user.email_verified_at) throw new HttpError(422, API_MESSAGES.emailAlreadyVerified);

      const last = await this.repos.emailVerifications.lastCreatedAt(userId, trx);
      const waitMs = last ? last.getTime() + this.settings.minIntervalSeconds * 1000 - Date.now() : 0;
      if (waitMs > 0) {
        throw new HttpError(429, API_MESSAGES.verificationEmailTooSoon, undefined, {
          'retry-after': String(Math.ceil(waitMs / 1000)),
        });
      }

      const token = generateToken();
      await this.repos.emailVerifications.create(
        {
          userId,
          email: user.email,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + this.settings.tokenTtlHours * 3600 * 1000),
        },
        trx,
      );
      await this.mail.send(
        verificationEmail({
          to: user.email,
          name: user.name,
          link: verificationLink(origin, token),
          ttlHours: this.settings.tokenTtlHours,
        }),
        trx,
      );
    });
  }

  /** Consumes a link; verifies the account only if the link was sent to its current e-mail. */
  async verify(token: string): Promise<VerificationOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const consumed = await this.repos.emailVerifications.consume(hashToken(token), trx);
      if (!consumed) return 'invalid';
      const user: User | undefined = await this.repos.users.findByIdForUpdate(consumed.userId, trx);
      if (!user || user.email.toLowerCase() !== consumed.email.toLowerCase()) return 'invalid';
      if (!user.email_verified_at) await this.repos.users.update(user.id, { email_verified_at: new Date() }, trx);
      return 'verified';
    });
  }
}

const verificationLink = (origin: string, token: string): string =>
  `${origin}/api/auth/verify-email?token=${encodeURIComponent(token)}`;

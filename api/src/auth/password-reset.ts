import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { paths } from '@rifaria/shared/paths';
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_MINUTES, type ResetPasswordInput } from '@rifaria/shared/schemas';
import type { Database } from '../db/schema';
import { fieldError } from '../lib/errors';
import type { PasswordHasher } from '../lib/passwords';
import { generateToken, hashToken } from '../lib/tokens';
import { passwordResetEmail } from '../mail/templates';
import type { MailTransport } from '../mail/transport';
import type { Repositories } from '../registry';
import type { LoginLock } from './login-lock';

export interface PasswordResetSettings {
  /** A link is valid this long (PASSWORD_RESET_TTL_MINUTES), once. */
  ttlMinutes: number;
  /** While the latest link is younger than this, another request mails nothing (the inbox already has one). */
  resendSeconds: number;
  /**
   * POST /api/auth/forgot-password answers no sooner than this after it arrived, whether or not the e-mail belongs to
   * an account: writing the link and the e-mail takes a few milliseconds that an unknown address would not.
   */
  minReplyMs: number;
}

export const PASSWORD_RESET_SETTINGS: PasswordResetSettings = {
  ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
  resendSeconds: 60,
  minReplyMs: 300,
};

const invalidLink = () => fieldError('token', PASSWORD_RESET_MESSAGES.invalidLink, PASSWORD_RESET_MESSAGES.invalidLink);

/**
 * 'Esqueci minha senha': a single-use link by e-mail (`request`), then a new password with the sign-up rules
 * (`reset`), which ends every session of the account. The reply to a request never says whether the address is
 * registered (same body, same time).
 */
export class PasswordResetService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repos: Repositories,
    private readonly mail: MailTransport,
    private readonly passwords: PasswordHasher,
    private readonly loginLock: LoginLock,
    private readonly settings: PasswordResetSettings = PASSWORD_RESET_SETTINGS,
  ) {}

  /** Mails a reset link to `email` when it belongs to an account; the link is on `origin` (lib/public-origin.ts). */
  async request(email: string, origin: string): Promise<void> {
    const started = Date.now();
    try {
      await this.issue(email, origin);
    } finally {
      const left = started + this.settings.minReplyMs - Date.now();
      if (left > 0) await sleep(left);
    }
  }

  private async issue(email: string, origin: string): Promise<void> {
    // The token is drawn whether or not the address is known: the two paths differ only in the database writes.
    const token = generateToken();
    const found = await this.repos.users.findByEmail(email);
    if (!found) return;
    const { ttlMinutes, resendSeconds } = this.settings;
    await this.db.transaction().execute(async (trx) => {
      // The row lock makes two simultaneous requests send one e-mail.
      const user = await this.repos.users.findByIdForUpdate(found.id, trx);
      if (!user) return;
      const history = await this.repos.passwordResets.history(user.id, 24, trx);
      if (history.last && history.now.getTime() - history.last.getTime() < resendSeconds * 1000) return;
      await this.repos.passwordResets.replace(
        { userId: user.id, email: user.email, hash: hashToken(token), ttlMinutes },
        trx,
      );
      await this.mail.send(
        passwordResetEmail({
          to: user.email,
          name: user.name,
          link: `${origin}${paths.resetPassword.getHref(token)}`,
          ttlMinutes,
        }),
        trx,
      );
    });
  }

  /**
   * Sets the new password and revokes every session of the account (whoever knew the old password is logged out),
   * and lifts a login lock (login-lock.ts): the owner proved the inbox, so guessing by others no longer holds them.
   * An unknown, expired or used link is 422 on `token`. The link is checked before the (costly) password hash, so
   * made-up tokens cost nothing, and used up in the transaction that stores the hash, so it works exactly once.
   */
  async reset(input: ResetPasswordInput): Promise<void> {
    const tokenHash = hashToken(input.token);
    if (!input.token || !(await this.repos.passwordResets.isLive(tokenHash))) throw invalidLink();
    const passwordHash = await this.passwords.hash(input.password);
    const email = await this.db.transaction().execute(async (trx) => {
      const link = await this.repos.passwordResets.consume(tokenHash, trx);
      if (!link) return null;
      const user = await this.repos.users.findByIdForUpdate(link.userId, trx);
      if (!user || user.email.toLowerCase() !== link.email.toLowerCase()) return null;
      await this.repos.users.update(user.id, { password_hash: passwordHash }, trx);
      await this.repos.authTokens.revokeAllForUserExcept(user.id, null, trx);
      return user.email;
    });
    if (email === null) throw invalidLink();
    await this.loginLock.clear(email);
  }
}

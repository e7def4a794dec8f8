import type { Kysely } from 'kysely';
import { paths } from '@rifaria/shared/paths';
import type { ChangePasswordInput, LoginInput, RegisterInput } from '@rifaria/shared/schemas';
import { AUTH_MESSAGES, PASSWORD_CHANGE_MESSAGES } from '@rifaria/shared/schemas';
import type { Database, Executor, User } from '../db/schema';
import { fieldError, HttpError } from '../lib/errors';
import type { PasswordHasher } from '../lib/passwords';
import { generateToken, hashToken } from '../lib/tokens';
import type { Repositories } from '../registry';
import { isUniqueViolation } from '../db/errors';
import { loginLockedEmail } from '../mail/templates';
import type { MailTransport } from '../mail/transport';
import { LOGIN_LOCK_MESSAGES, type LoginLock } from './login-lock';

export interface IssuedToken {
  accessToken: string;
  tokenId: string;
  expiresAt: Date;
}

export interface AuthResult {
  user: User;
  token: IssuedToken;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repos: Repositories,
    private readonly passwords: PasswordHasher,
    private readonly tokenTtlDays: number,
    private readonly loginLock: LoginLock,
    private readonly mail: MailTransport,
  ) {}

  /** The active session of a bearer token; unknown, revoked and expired tokens are all null. */
  findSession(token: string) {
    return this.repos.authTokens.findActiveSession(hashToken(token));
  }

  /** For a token with no session: 'password_changed' when a password change ended it (issue 30), else null. */
  sessionEndedReason(token: string) {
    return this.repos.authTokens.endedReason(hashToken(token));
  }

  async issueToken(userId: string, trx: Executor = this.db): Promise<IssuedToken> {
    const accessToken = generateToken();
    const expiresAt = new Date(Date.now() + this.tokenTtlDays * DAY_MS);
    const row = await this.repos.authTokens.create({ userId, tokenHash: hashToken(accessToken), expiresAt }, trx);
    return { accessToken, tokenId: row.id, expiresAt: row.expires_at };
  }

  async register(input: RegisterInput): Promise<AuthResult> {
    // Cheap early answer for the common case; the unique index below is what actually guarantees it.
    if (await this.repos.users.findByEmail(input.email)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
    // Hash outside the transaction: 30 ms of CPU must not hold a connection (PGlite has only one).
    const passwordHash = await this.passwords.hash(input.password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const user = await this.repos.users.create(
          { name: input.name, email: input.email, password_hash: passwordHash },
          trx,
        );
        const token = await this.issueToken(user.id, trx);
        return { user, token };
      });
    } catch (error) {
      // Two sign-ups with one e-mail at the same moment: the loser gets the same answer as above.
      if (isUniqueViolation(error, 'users_email_lower_key')) throw fieldError('email', AUTH_MESSAGES.emailTaken);
      throw error;
    }
  }

  /**
   * Same 401 for an unknown e-mail and a wrong password, in about the same time. While the account's login is locked
   * (login-lock.ts) every attempt gets the same 429, right password or not, without checking it. `origin` is where
   * the owner's e-mail links (lib/public-origin.ts).
   */
  async login(input: LoginInput, origin: string): Promise<AuthResult> {
    const attempt = await this.loginLock.begin(input.email);
    if (!attempt.allowed) {
      throw new HttpError(429, LOGIN_LOCK_MESSAGES.locked(attempt.retryAfterSeconds), undefined, {
        'retry-after': String(attempt.retryAfterSeconds),
      });
    }
    const user = await this.repos.users.findByEmail(input.email);
    // An account made with Google has no password (054) until its owner sets one: no password matches it, in the
    // same time as a wrong one.
    const valid = user?.password_hash
      ? await this.passwords.verify(user.password_hash, input.password)
      : await this.passwords.verifyDummy(input.password);
    if (!user || !valid) {
      if (user && (await this.loginLock.shouldNotify(input.email, attempt))) {
        await this.mail.send(
          loginLockedEmail({
            to: user.email,
            name: user.name,
            subject: LOGIN_LOCK_MESSAGES.noticeSubject,
            failures: attempt.failures,
            link: `${origin}${paths.forgotPassword.getHref()}`,
          }),
        );
      }
      throw new HttpError(401, AUTH_MESSAGES.loginFailed);
    }
    await this.loginLock.clear(input.email);

    let current = user;
    if (user.password_hash && this.passwords.needsRehash(user.password_hash)) {
      current = await this.repos.users.update(user.id, { password_hash: await this.passwords.hash(input.password) });
    }
    const token = await this.issueToken(current.id);
    return { user: current, token };
  }

  async logout(tokenId: string): Promise<void> {
    await this.repos.authTokens.revoke(tokenId);
  }

  /**
   * Checks the current password, stores the new hash and ends every OTHER session (a stolen token
   * stops working), keeping the one that made the change.
   */
  async changePassword(user: User, currentTokenId: string, input: ChangePasswordInput): Promise<void> {
    if (!user.password_hash || !(await this.passwords.verify(user.password_hash, input.current_password))) {
      throw fieldError(
        'current_password',
        PASSWORD_CHANGE_MESSAGES.currentWrong,
        PASSWORD_CHANGE_MESSAGES.currentWrong,
      );
    }
    const passwordHash = await this.passwords.hash(input.new_password);
    await this.db.transaction().execute(async (trx) => {
      await this.repos.users.update(user.id, { password_hash: passwordHash }, trx);
      await this.repos.authTokens.revokeAllForUserExcept(user.id, currentTokenId, trx);
    });
  }
}

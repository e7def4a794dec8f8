import type { Kysely } from 'kysely';
import { paths } from '@rifaria/shared/paths';
import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { isUniqueViolation } from '../db/errors';
import type { Database, Executor, Operator } from '../db/schema';
import { fieldError, HttpError } from '../lib/errors';
import type { OperatorSession } from '../lib/operator-session';
import type { PasswordHasher } from '../lib/passwords';
import { generateToken, hashToken } from '../lib/tokens';
import { LOGIN_LOCK_MESSAGES, type LoginLock } from '../auth/login-lock';
import { operatorInviteEmail } from '../mail/templates';
import type { MailTransport } from '../mail/transport';
import { qrCodeDataUrl } from '../payments/qr';
import { recordAudit } from './audit';
import { OPERATOR_MESSAGES } from './messages';
import { OperatorsRepository } from './repository';
import { acceptedStep, newTotpSecret, totpUri, type TotpSecretBox } from './totp';

/** Between the password and the code: 5 minutes, and 5 wrong codes at most on one challenge. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const CHALLENGE_MAX_FAILED_CODES = 5;
/** An invitation link lasts 3 days. */
const INVITE_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export interface TotpSetup {
  secret: string;
  otpauth_uri: string;
  /** The URI's QR code, a PNG data URL. */
  qr_code: string;
}

export interface IssuedOperatorSession {
  token: string;
  expiresAt: Date;
  operatorId: string;
}

/** Who asks: the caller's address, written in the audit log. */
export interface Caller {
  address: string | null;
}

/** The per-account login lock's 429 (auth/login-lock.ts), for a wrong password and a wrong code alike. */
function lockedError(retryAfterSeconds: number): HttpError {
  return new HttpError(429, LOGIN_LOCK_MESSAGES.locked(retryAfterSeconds), undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/** An address stored for the record: at most 64 characters (an IPv6 with a zone fits). */
const addressOf = (caller: Caller) => caller.address?.slice(0, 64) ?? null;

/** The audit target of a login for an e-mail no operator has: the login lock's key, never the address itself. */
const emailTarget = (email: string) => hashToken(email.trim().toLowerCase()).toString('base64url').slice(0, 22);

/**
 * The operators (issue 32, api/src/admin/README.md): login in two steps (password, then a TOTP code, each counted by
 * the same per-account lock as an organiser's password, with its own counter), 8-hour sessions, invitations, the
 * first operator at boot. Every login, failed login, logout and invitation is in the audit log, in the transaction
 * that did it.
 */
export class OperatorsService {
  readonly repository: OperatorsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly passwords: PasswordHasher,
    private readonly loginLock: LoginLock,
    private readonly secrets: TotpSecretBox,
    private readonly mail: MailTransport,
  ) {
    this.repository = new OperatorsRepository(db);
  }

  /** The operator of a live session token; null for anything else (unknown, organiser's, expired, revoked). */
  findSession(token: string): Promise<OperatorSession | null> {
    return this.repository.findLiveSession(hashToken(token));
  }

  /** A new 8-hour session (the login's second step, and the tests' signInOperator). */
  async issueSession(operatorId: string, caller: Caller, trx: Executor = this.db): Promise<IssuedOperatorSession> {
    const token = generateToken();
    const session = { operator_id: operatorId, token_hash: hashToken(token), address: addressOf(caller) };
    return { token, expiresAt: await this.repository.createSession(session, trx), operatorId };
  }

  /** Creates an operator (the first one at boot, an accepted invitation, the tests). */
  async create(input: { name: string; email: string; password: string; invitedBy?: string | null }, trx?: Executor) {
    const passwordHash = await this.passwords.hash(input.password);
    return this.repository.create(
      {
        name: input.name,
        email: input.email.trim().toLowerCase(),
        password_hash: passwordHash,
        invited_by: input.invitedBy ?? null,
      },
      trx ?? this.db,
    );
  }

  /**
   * OPERATOR_EMAIL / OPERATOR_PASSWORD (or the demo's): the first operator, only while there is none. Returns the
   * operator created, or null.
   */
  async ensureFirst(account: { name: string; email: string; password: string } | null): Promise<Operator | null> {
    if (!account || (await this.repository.count()) > 0) return null;
    try {
      return await this.create(account);
    } catch (error) {
      // Two processes starting at once: the other made it.
      if (isUniqueViolation(error, 'operators_email_lower_key')) return null;
      throw error;
    }
  }

  // Login ----------------------------------------------------------------------------------------------------------

  /**
   * Step 1, the password. Counted by the per-account lock before it is checked; an unknown e-mail and a wrong password
   * get the same 401 in about the same time. A right one gives a single-use challenge for step 2 and, until the
   * authenticator is enrolled, its secret (the same one on every try until a code from it is accepted).
   */
  async login(
    input: { email: string; password: string },
    caller: Caller,
  ): Promise<{ challenge: string; totp_setup?: TotpSetup }> {
    const attempt = await this.loginLock.begin(input.email);
    if (!attempt.allowed) throw lockedError(attempt.retryAfterSeconds);
    const operator = await this.repository.findByEmail(input.email);
    const valid = operator
      ? await this.passwords.verify(operator.password_hash, input.password)
      : await this.passwords.verifyDummy(input.password);
    if (!operator || !valid) {
      await recordAudit(this.db, {
        operatorId: operator?.id ?? null,
        action: 'operator.login_failed',
        targetType: operator ? 'operator' : 'login_email',
        targetId: operator?.id ?? emailTarget(input.email),
        after: { step: 'password' },
        address: addressOf(caller),
      });
      throw new HttpError(401, AUTH_MESSAGES.loginFailed);
    }
    // The lock is cleared by the right CODE only: a right password alone does not reopen guessing the code.
    let totpSetup: TotpSetup | undefined;
    if (!operator.totp_enrolled_at) {
      let secret: string;
      if (operator.totp_secret) {
        secret = this.secrets.open(operator.totp_secret);
      } else {
        secret = newTotpSecret();
        await this.repository.setTotpSecret(operator.id, this.secrets.seal(secret));
      }
      const uri = totpUri(secret, operator.email);
      totpSetup = { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
    }
    const challenge = generateToken();
    await this.repository.createChallenge(operator.id, hashToken(challenge), CHALLENGE_TTL_MS);
    return totpSetup ? { challenge, totp_setup: totpSetup } : { challenge };
  }

  /**
   * Step 2, the code. The challenge must be live (unused, 5 minutes, fewer than 5 wrong codes); the code is counted
   * by the same per-account lock as a password, and must be for a later time step than the last one accepted. A
   * right code uses the challenge up, enrols the authenticator on the first login and opens an 8-hour session, with
   * its audit row, in one transaction.
   */
  async confirmCode(input: { challenge: string; code: string }, caller: Caller): Promise<IssuedOperatorSession> {
    const found = await this.repository.findLiveChallenge(hashToken(input.challenge), CHALLENGE_MAX_FAILED_CODES);
    if (!found || !found.totp_secret) throw new HttpError(401, OPERATOR_MESSAGES.challengeExpired);
    const { challenge_id: challengeId, ...operator } = found;
    const attempt = await this.loginLock.begin(operator.email);
    if (!attempt.allowed) throw lockedError(attempt.retryAfterSeconds);
    const step = acceptedStep(
      this.secrets.open(found.totp_secret),
      input.code,
      operator.totp_last_step === null ? null : Number(operator.totp_last_step),
    );
    const session =
      step === null
        ? null
        : await this.db
            .transaction()
            .execute(async (trx) => {
              // Both claims fail when another request got there first (the same code twice at once): rolled back.
              if (!(await this.repository.useChallenge(challengeId, trx))) return null;
              if (!(await this.repository.claimTotpStep(operator.id, step, trx))) {
                throw new ReplayedCode();
              }
              const issued = await this.issueSession(operator.id, caller, trx);
              await recordAudit(trx, {
                operatorId: operator.id,
                action: 'operator.login',
                targetType: 'operator',
                targetId: operator.id,
                after: { enrolled: operator.totp_enrolled_at === null ? 'now' : 'before' },
                address: addressOf(caller),
              });
              return issued;
            })
            .catch((error: unknown) => {
              if (error instanceof ReplayedCode) return null;
              throw error;
            });
    if (!session) {
      await this.db.transaction().execute(async (trx) => {
        await this.repository.countFailedCode(challengeId, trx);
        await recordAudit(trx, {
          operatorId: operator.id,
          action: 'operator.login_failed',
          targetType: 'operator',
          targetId: operator.id,
          after: { step: 'code' },
          address: addressOf(caller),
        });
      });
      throw new HttpError(401, OPERATOR_MESSAGES.codeWrong);
    }
    await this.loginLock.clear(operator.email);
    return session;
  }

  async logout(operator: OperatorSession, caller: Caller): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.repository.revokeSession(operator.sessionId, 'logout', trx);
      await recordAudit(trx, {
        operatorId: operator.id,
        action: 'operator.logout',
        targetType: 'operator',
        targetId: operator.id,
        address: addressOf(caller),
      });
    });
  }

  /** A new password ends every session of the operator, this one included: the console signs in again. */
  async changePassword(
    operator: OperatorSession,
    input: { current_password: string; new_password: string },
    caller: Caller,
  ): Promise<void> {
    const stored = (await this.repository.findById(operator.id))?.password_hash;
    const currentRight = stored !== undefined && (await this.passwords.verify(stored, input.current_password));
    const wrong = OPERATOR_MESSAGES.currentPasswordWrong;
    if (!currentRight) throw fieldError('current_password', wrong, wrong);
    const newHash = await this.passwords.hash(input.new_password);
    await this.db.transaction().execute(async (trx) => {
      await this.repository.setPassword(operator.id, newHash, trx);
      const ended = await this.repository.revokeAllSessions(operator.id, 'password_changed', trx);
      await recordAudit(trx, {
        operatorId: operator.id,
        action: 'operator.password_change',
        targetType: 'operator',
        targetId: operator.id,
        after: { sessions_ended: ended },
        address: addressOf(caller),
      });
    });
  }

  // Invitations ----------------------------------------------------------------------------------------------------

  /** E-mails a single-use link (3 days) to `${origin}/admin/convite#token`. */
  async invite(
    operator: OperatorSession,
    input: { email: string; name: string },
    origin: string,
    caller: Caller,
  ): Promise<void> {
    if (await this.repository.findByEmail(input.email)) throw fieldError('email', OPERATOR_MESSAGES.emailTaken);
    const token = generateToken();
    await this.db.transaction().execute(async (trx) => {
      const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
      const invite = { email: input.email, name: input.name, invited_by: operator.id, expires_at: expiresAt };
      const inviteId = await this.repository.createInvite({ ...invite, token_hash: hashToken(token) }, trx);
      await this.mail.send(
        operatorInviteEmail({
          to: input.email,
          name: input.name,
          inviter: operator.name,
          subject: OPERATOR_MESSAGES.inviteSubject,
          link: `${origin}${paths.adminInvite.getHref(token)}`,
        }),
        trx,
      );
      await recordAudit(trx, {
        operatorId: operator.id,
        action: 'operator.invite',
        targetType: 'operator_invite',
        targetId: inviteId,
        after: { email: input.email, name: input.name },
        address: addressOf(caller),
      });
    });
  }

  /** The invitation's link with a password (and, if given, another name): the new operator, who then signs in. */
  async acceptInvite(input: { token: string; password: string; name?: string }, caller: Caller): Promise<Operator> {
    const invite = await this.repository.findLiveInvite(hashToken(input.token));
    if (!invite) throw new HttpError(404, OPERATOR_MESSAGES.inviteInvalid);
    const passwordHash = await this.passwords.hash(input.password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const operator = await this.repository.create(
          {
            name: input.name || invite.name,
            email: invite.email.toLowerCase(),
            password_hash: passwordHash,
            invited_by: invite.invited_by,
          },
          trx,
        );
        if (!(await this.repository.acceptInvite(invite.id, operator.id, trx))) {
          throw new HttpError(404, OPERATOR_MESSAGES.inviteInvalid);
        }
        await recordAudit(trx, {
          operatorId: operator.id,
          action: 'operator.invite_accepted',
          targetType: 'operator_invite',
          targetId: invite.id,
          after: { operator_id: operator.id },
          address: addressOf(caller),
        });
        return operator;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'operators_email_lower_key')) throw new HttpError(409, OPERATOR_MESSAGES.emailTaken);
      throw error;
    }
  }

  async list() {
    const [operators, invites] = await Promise.all([this.repository.list(), this.repository.pendingInvites()]);
    return { operators, invites };
  }
}

/** A code accepted once already (its step was claimed meanwhile): the login transaction is rolled back. */
class ReplayedCode extends Error {}

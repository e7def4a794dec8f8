/**
 * 'Entrar com Google' / 'Cadastrar com Google' (issue 30, item 15): OpenID Connect with openid-client, the
 * authorization code flow run by the server, with PKCE (S256), `state` and `nonce`. Off unless GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET are set (config.ts GoogleSignInConfig); the routes are google-routes.ts.
 *
 * 1. start: a random state, nonce and PKCE verifier; the flow is kept in google_sign_in_flows (054) under the
 *    state's SHA-256 for 10 minutes, the state also in a short HttpOnly cookie of this browser; the browser goes to
 *    Google's authorization endpoint.
 * 2. finish (the callback): the state in the URL must equal the cookie's (a callback started in another browser —
 *    a forged login — is refused), the flow is deleted as it is read (a replayed callback finds nothing), and
 *    openid-client exchanges the code with the verifier and checks the ID token: signature by the provider's keys,
 *    issuer, audience, expiry and the nonce.
 * 3. the account, thinking like an attacker:
 *    - the Google account already linked (its `sub`) signs in to its account;
 *    - otherwise Google must say the e-mail is verified (`email_verified: true`): a Google account holding an
 *      unverified copy of someone's address never reaches their account, nor makes one in their name;
 *    - a verified e-mail of an existing account links the Google account to it (unless another Google account is
 *      already linked there) and signs in;
 *    - a new verified e-mail creates an organiser account. The form's sign-up asks for the name, the e-mail and a
 *      password; Google gives the first two (the e-mail proven), and an account made this way has no password
 *      (054: NULL, which no password matches) until its owner sets one with 'Esqueceu a senha?'. CPF, phone and
 *      address are asked where they are for everyone: the profile and the account opening.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import * as oidc from 'openid-client';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '@rifaria/shared/schemas';
import type { GoogleSignInConfig } from '../config';
import type { Database, User } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import type { Repositories } from '../registry';
import type { AuthResult, AuthService } from './service';

export type GoogleIntent = 'login' | 'signup';

/**
 * Why a Google sign-in did not end in a session; the screen shows a text for each (shared AUTH_MESSAGES):
 * 'cancelled' the person said no at Google; 'expired' the flow is unknown, used or older than 10 minutes, or its
 * state does not match this browser's; 'unverified' Google does not vouch for the e-mail; 'conflict' the e-mail's
 * account is linked to another Google account; 'failed' anything else (the provider unreachable, a bad token).
 */
export type GoogleFailure = 'cancelled' | 'expired' | 'unverified' | 'conflict' | 'failed';

export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError';
  constructor(
    readonly reason: GoogleFailure,
    readonly intent: GoogleIntent,
    options?: { cause?: unknown },
  ) {
    super(`Google sign-in refused: ${reason}`, options);
  }
}

export interface GoogleSignInResult extends AuthResult {
  intent: GoogleIntent;
  /** Where the person was going (a path of this site, already checked at start), or null. */
  returnTo: string | null;
  /** A new account was made. */
  created: boolean;
}

/** What the callback's URL carries (every value bounded by the route's schema). */
export interface GoogleCallbackQuery {
  state?: string;
  code?: string;
  error?: string;
}

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
export const GOOGLE_FLOW_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';
const GOOGLE_SUB_MAX_LENGTH = 255;

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

function sameText(a: string, b: string): boolean {
  const left = sha256(a);
  const right = sha256(b);
  return timingSafeEqual(left, right);
}

/** The name an account made with Google gets: Google's `name`, tidied and bounded, else the e-mail's local part. */
export function accountNameFrom(claims: Record<string, unknown>, email: string): string {
  const tidy = (value: unknown): string =>
    typeof value === 'string'
      ? value
          .slice(0, NAME_MAX_LENGTH * 4)
          .replace(/[\p{Cc}\p{Cf}]/gu, '')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  const given = [tidy(claims.given_name), tidy(claims.family_name)].filter(Boolean).join(' ');
  const local = email.slice(0, email.indexOf('@'));
  const name = [tidy(claims.name), given, local].find((candidate) => candidate.length >= NAME_MIN_LENGTH) ?? email;
  return Array.from(name).slice(0, NAME_MAX_LENGTH).join('').trim();
}

export class GoogleSignInService {
  private provider: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repos: Repositories,
    private readonly auth: AuthService,
    private readonly settings: GoogleSignInConfig,
    /** The site's address (PUBLIC_URL): the callback Google sends the browser back to. */
    private readonly origin: string,
  ) {}

  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: the buttons show and the routes answer. */
  get enabled(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  get redirectUri(): string {
    return `${this.origin}${GOOGLE_CALLBACK_PATH}`;
  }

  /** The provider's metadata (discovery), fetched once and kept; a failure is retried at the next sign-in. */
  private configuration(): Promise<oidc.Configuration> {
    if (!this.provider) {
      const issuer = new URL(this.settings.issuer);
      // config.ts allows http:// only for an issuer on this machine outside production (the tests' fake provider).
      const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
      this.provider = oidc
        .discovery(issuer, this.settings.clientId ?? '', this.settings.clientSecret ?? '', undefined, {
          execute,
          timeout: Math.ceil(this.settings.timeoutMs / 1000),
        })
        .catch((error: unknown) => {
          this.provider = null;
          throw error;
        });
    }
    return this.provider;
  }

  /** Step 1: the provider's authorization URL, and the state this browser must keep (in its cookie). */
  async start(intent: GoogleIntent, returnTo: string | null): Promise<{ url: string; state: string }> {
    let configuration: oidc.Configuration;
    try {
      configuration = await this.configuration();
    } catch (error) {
      throw new GoogleSignInError('failed', intent, { cause: error });
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    // Flows never finished go once they have expired (an index keeps this cheap).
    await this.db
      .deleteFrom('google_sign_in_flows')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute();
    await this.db
      .insertInto('google_sign_in_flows')
      .values({
        state_hash: sha256(state),
        code_verifier: codeVerifier,
        nonce,
        intent,
        return_to: returnTo,
        expires_at: new Date(Date.now() + GOOGLE_FLOW_TTL_MS),
      })
      .execute();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { url: url.href, state };
  }

  /** Step 2 and 3: the callback's query and this browser's state cookie → a session, or a GoogleSignInError. */
  async finish(query: GoogleCallbackQuery, cookieState: string | undefined): Promise<GoogleSignInResult> {
    const { state } = query;
    if (!state || !cookieState || !sameText(state, cookieState)) throw new GoogleSignInError('expired', 'login');
    // Read once: deleted as it is read, so the same callback a second time finds nothing.
    const flow = await this.db
      .deleteFrom('google_sign_in_flows')
      .where('state_hash', '=', sha256(state))
      .returningAll()
      .executeTakeFirst();
    if (!flow || flow.expires_at.getTime() <= Date.now()) throw new GoogleSignInError('expired', 'login');
    const { intent } = flow;
    if (query.error) throw new GoogleSignInError('cancelled', intent);

    let claims: oidc.IDToken;
    try {
      const configuration = await this.configuration();
      const callback = new URL(this.redirectUri);
      for (const [key, value] of Object.entries(query))
        if (typeof value === 'string') callback.searchParams.set(key, value);
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const found = tokens.claims();
      if (!found) throw new Error('no ID token claims');
      claims = found;
    } catch (error) {
      throw new GoogleSignInError('failed', intent, { cause: error });
    }

    const { user, created } = await this.accountOf(claims, intent);
    const token = await this.auth.issueToken(user.id);
    return { user, token, intent, returnTo: flow.return_to, created };
  }

  /** Step 3: the account this Google identity signs in to (see the rules at the top). */
  private async accountOf(claims: oidc.IDToken, intent: GoogleIntent): Promise<{ user: User; created: boolean }> {
    const sub = typeof claims.sub === 'string' ? claims.sub : '';
    if (sub.length === 0 || sub.length > GOOGLE_SUB_MAX_LENGTH) throw new GoogleSignInError('failed', intent);
    const linked = await this.repos.users.findByGoogleSub(sub);
    if (linked) return { user: linked, created: false };

    // Only Google's explicit `true` vouches for the address: a missing claim or "true" as text does not.
    if (claims.email_verified !== true) throw new GoogleSignInError('unverified', intent);
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) throw new GoogleSignInError('failed', intent);

    try {
      return await this.db.transaction().execute(async (trx) => {
        const existing = await this.repos.users.findByEmail(email, trx);
        if (existing) {
          if (existing.google_sub !== null) throw new GoogleSignInError('conflict', intent);
          const user = await this.repos.users.update(
            existing.id,
            { google_sub: sub, email_verified_at: existing.email_verified_at ?? new Date() },
            trx,
          );
          return { user, created: false };
        }
        const user = await this.repos.users.create(
          {
            name: accountNameFrom(claims, email),
            email,
            password_hash: null,
            email_verified_at: new Date(),
            google_sub: sub,
          },
          trx,
        );
        return { user, created: true };
      });
    } catch (error) {
      // The same e-mail or Google account signing up twice at the same moment: the loser is told to try again.
      if (isUniqueViolation(error, 'users_email_lower_key') || isUniqueViolation(error, 'users_google_sub_key')) {
        throw new GoogleSignInError('failed', intent, { cause: error });
      }
      throw error;
    }
  }
}

/**
 * A small OpenID Connect provider on real HTTP (127.0.0.1, a free port) standing in for Google in the sign-in tests
 * (auth/google.ts): discovery document, JWKS, an authorization endpoint that sends the browser back with a code, and
 * a token endpoint that checks the client, the redirect URI and PKCE, redeems each code once, and signs the ID token
 * (RS256, jose) with the nonce it was given. `identity` is who "signs in" at Google next; `tamper` spoils the next
 * ID token the way a mix-up or a broken provider would.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface FakeIdentity {
  sub: string;
  email?: string;
  /** Google sends a boolean; tests also try what it must not be taken for ("true", absent). */
  email_verified?: unknown;
  name?: string;
  given_name?: string;
  family_name?: string;
}

interface IssuedCode {
  redirectUri: string;
  challenge: string;
  nonce: string;
  identity: FakeIdentity;
  used: boolean;
}

const base64url = (buffer: Buffer): string => buffer.toString('base64url');

export class FakeOidcProvider {
  readonly clientId = 'rifaria-teste.apps.googleusercontent.com';
  readonly clientSecret = 'segredo-do-cliente-de-teste';
  url = '';
  identity: FakeIdentity = { sub: 'google-sub-1', email: 'pessoa@gmail.com', email_verified: true, name: 'Pessoa' };
  /** The next authorization is refused by the person ('access_denied'). */
  deny = false;
  /** Spoils the ID tokens: another nonce than the one the authorization carried. */
  tamper: { nonce?: string } = {};
  /** Every query of the authorization endpoint and every body of the token endpoint, in order. */
  readonly authorizations: URLSearchParams[] = [];
  readonly tokenRequests: URLSearchParams[] = [];

  private readonly codes = new Map<string, IssuedCode>();
  private keys!: Awaited<ReturnType<typeof generateKeyPair>>;
  private readonly server = http.createServer((request, response) => {
    void this.handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'server_error', error_description: String(error) }));
    });
  });

  async start(): Promise<string> {
    this.keys = await generateKeyPair('RS256');
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Plays the browser at the provider: opens the authorization URL, returns where it sends the browser back. */
  async authorize(authorizationUrl: string): Promise<URL> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`authorize: ${response.status} ${await response.text()}`);
    return new URL(location);
  }

  private json(response: http.ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return this.json(response, 200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/authorize`,
        token_endpoint: `${this.url}/token`,
        jwks_uri: `${this.url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (request.method === 'GET' && url.pathname === '/jwks') {
      const jwk = await exportJWK(this.keys.publicKey);
      return this.json(response, 200, { keys: [{ ...jwk, kid: 'chave-1', alg: 'RS256', use: 'sig' }] });
    }
    if (request.method === 'GET' && url.pathname === '/authorize') return this.authorizeEndpoint(url, response);
    if (request.method === 'POST' && url.pathname === '/token') return this.tokenEndpoint(request, response);
    return this.json(response, 404, { error: 'not_found' });
  }

  private authorizeEndpoint(url: URL, response: http.ServerResponse): void {
    const query = url.searchParams;
    this.authorizations.push(query);
    const redirectUri = query.get('redirect_uri') ?? '';
    const state = query.get('state') ?? '';
    const problems = [
      query.get('client_id') !== this.clientId && 'client_id',
      query.get('response_type') !== 'code' && 'response_type',
      !(query.get('scope') ?? '').split(' ').includes('openid') && 'scope',
      query.get('code_challenge_method') !== 'S256' && 'code_challenge_method',
      !query.get('code_challenge') && 'code_challenge',
      !query.get('nonce') && 'nonce',
      !state && 'state',
      !redirectUri && 'redirect_uri',
    ].filter(Boolean);
    if (problems.length) return this.json(response, 400, { error: 'invalid_request', fields: problems });
    const back = new URL(redirectUri);
    if (this.deny) {
      this.deny = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = base64url(randomBytes(24));
      this.codes.set(code, {
        redirectUri,
        challenge: query.get('code_challenge')!,
        nonce: query.get('nonce')!,
        identity: { ...this.identity },
        used: false,
      });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', state);
    response.writeHead(302, { location: back.href });
    response.end();
  }

  private async tokenEndpoint(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    this.tokenRequests.push(body);

    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    const [id, secret] = basic
      ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [body.get('client_id'), body.get('client_secret')];
    if (id !== this.clientId || secret !== this.clientSecret)
      return this.json(response, 401, { error: 'invalid_client' });

    const issued = this.codes.get(body.get('code') ?? '');
    if (body.get('grant_type') !== 'authorization_code' || !issued) {
      return this.json(response, 400, { error: 'invalid_grant' });
    }
    // Like Google: a code is redeemed once.
    if (issued.used)
      return this.json(response, 400, { error: 'invalid_grant', error_description: 'code already used' });
    issued.used = true;
    if (body.get('redirect_uri') !== issued.redirectUri) return this.json(response, 400, { error: 'invalid_grant' });
    const verifier = body.get('code_verifier') ?? '';
    if (base64url(createHash('sha256').update(verifier).digest()) !== issued.challenge) {
      return this.json(response, 400, { error: 'invalid_grant', error_description: 'PKCE' });
    }

    const { sub, ...claims } = issued.identity;
    const idToken = await new SignJWT({ ...claims, nonce: this.tamper.nonce ?? issued.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'chave-1' })
      .setIssuer(this.url)
      .setAudience(this.clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.keys.privateKey);
    return this.json(response, 200, {
      access_token: base64url(randomBytes(24)),
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }
}

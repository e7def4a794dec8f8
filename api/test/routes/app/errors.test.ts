import { AUTH_MESSAGES } from '@rifaria/shared/schemas';
import { api, registerUser, setupApp, setupAppBeside } from '../../helper';
import { countRows } from '../../support/rows';
import { TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { refusal } from '@rifaria/shared/testing/fixtures';

const t = setupApp();

const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('request errors (one shape, pt-BR, never a 500 for bad input)', () => {
  it('should answer 400 for malformed JSON', async () => {
    const response = await post('/api/auth/login', '{"email": "a@b.com",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('Não foi possível ler os dados enviados: o JSON é inválido.'));
  });

  it('should answer 400 for a prototype-poisoning body', async () => {
    const response = await post(
      '/api/auth/login',
      '{"__proto__": {"admin": true}, "email": "a@b.com", "password": "123456"}',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('should answer 415 for a body that is not JSON', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await post('/api/auth/login', 'email=a@b.com&password=123456', { 'content-type': contentType });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual(
        refusal('Formato de dados não suportado. Envie os dados em JSON (Content-Type: application/json).'),
      );
    }
  });

  it('should answer 413 for a body over the limit', async () => {
    const response = await post('/api/auth/login', { email: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(refusal('Os dados enviados excedem o tamanho máximo permitido.'));
  });

  it('should answer 422 with the schema messages for wrong types', async () => {
    const response = await post('/api/auth/register', {
      name: 42,
      email: 123,
      password: ['x'],
      password_confirmation: { a: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: 'Dados inválidos. Verifique os campos informados.',
      errors: {
        name: [AUTH_MESSAGES.nameRequired],
        email: [AUTH_MESSAGES.emailRequired],
        password: [AUTH_MESSAGES.passwordRequired],
        password_confirmation: [AUTH_MESSAGES.confirmationRequired],
      },
    });
  });

  it.each([['null'], ['[]'], ['"texto"'], ['42'], ['true']])(
    'should answer 422 (not 500) for the JSON body %s',
    async (body) => {
      const response = await post('/api/auth/login', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        email: [AUTH_MESSAGES.emailRequired],
        password: [AUTH_MESSAGES.passwordRequired],
      });
    },
  );

  it('should answer 422 for a POST without any body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(response.statusCode).toBe(422);
  });

  it('should answer 404 in JSON for an unknown route, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nada'],
      ['POST', '/api/auth/nada'],
      ['DELETE', '/api/auth/me'],
      ['GET', '/public/nada/x'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual(refusal('Rota não encontrada.'));
    }
  });

  it('should answer 400 for a malformed URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/%E0%A4%A' });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().success).toBe(false);
  });

  describe('server errors', () => {
    const failing = setupAppBeside(t, {
      // The e-mail code is keyed by BUYER_DATA_SECRET: the test's, not one generated under DATA_DIR.
      config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } },
      mailTransport: { send: async () => Promise.reject(new Error('SMTP secret-host:2525 refused: password=hunter2')) },
    });

    it('should hide the details of a 5xx behind a generic pt-BR message', async () => {
      const user = await registerUser(failing.app);
      const response = await api(failing.app).post('/api/auth/send-verification-email', user);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual(refusal('Erro interno do servidor. Tente novamente em alguns instantes.'));
      expect(response.body).not.toMatch(/SMTP|hunter2|stack/);
      // The transaction rolled back: no half-sent code remains to block the next attempt.
      expect(await countRows(t.database.db, 'email_verification_codes', { user_id: user.id })).toBe(0);
    });
  });
});

describe('security headers and CORS', () => {
  it('should send helmet headers with a CSP that fits the front ends', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('should allow the dev-server origins and no others', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
    const allowed = await preflight('http://localhost:3000');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const denied = await preflight('https://evil.example.com');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /api/docs/json', () => {
  it('should document every auth route, with request bodies from the valibot schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/auth/profile',
      '/api/auth/change-password',
      '/api/auth/address',
      '/api/auth/states',
      '/api/auth/send-verification-email',
      '/api/auth/verify-email',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/sandbox/mailbox',
      '/api/health',
    ]) {
      expect(paths).toContain(path);
    }
    const register = doc.paths['/api/auth/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual([
      'name',
      'email',
      'password',
      'password_confirmation',
    ]);
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/auth/login'].post.security).toBeUndefined();
    expect(paths.some((p) => p.startsWith('/_mf') || p === '/runtime-config.json')).toBe(false);
  });

  it('should declare the success reply of every operation (fast-json-stringify writes only what is declared)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const undeclared = operations
      .filter(({ operation }) => !Object.keys(operation.responses ?? {}).some((code) => /^[23]\d\d$/.test(code)))
      .map(({ name }) => name);
    expect(undeclared).toEqual([]);
  });

  it('should serve the Swagger UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

import { api, apiErrorMessage, apiFieldErrors, configureApi, readApiError, setApiNavigate } from '../api-client';
import { SESSION_STORAGE_KEY } from '../constants';
import { resetSession, useSession } from '../session';
import { installFetchMock, reply, type FetchMock } from '../testing/fetch-mock';

let server: FetchMock;
const assign = jest.fn();

beforeAll(() => {
  // jsdom's location.assign is not configurable per call; route the redirect through the navigate hook.
  setApiNavigate(assign);
});

beforeEach(() => {
  resetSession();
  configureApi({ baseUrl: '' });
  server = installFetchMock();
  window.history.replaceState(null, '', '/');
});

afterEach(() => server.restore());

describe('api client', () => {
  it('should call the same origin by default and send JSON', async () => {
    server.on('POST', '/api/echo', ({ body, headers }) => ({ body, contentType: headers.get('content-type') }));
    const result = await api.post('/api/echo', { json: { a: 1 } }).json();
    expect(result).toEqual({ body: { a: 1 }, contentType: 'application/json' });
    expect(server.calls[0]?.url.origin).toBe('http://localhost');
  });

  it('should use the configured base URL', async () => {
    configureApi({ baseUrl: 'https://api.rifaria.test/' });
    server.on('GET', '/api/ping', () => ({ ok: true }));
    await api.get('api/ping').json();
    expect(server.calls[0]?.url.href).toBe('https://api.rifaria.test/api/ping');
  });

  it('should send the session cookie and the CSRF header, never a bearer token from storage', async () => {
    // A session stored by an earlier version of the app, token included.
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { token: 'secret-token', user: { name: 'Ana' } }, version: 1 }),
    );
    await useSession.persist.rehydrate();
    server.on('GET', '/api/auth/me', () => ({ ok: true }));
    server.on('POST', '/api/campaigns', () => ({ ok: true }));
    await api.get('/api/auth/me');
    await api.post('/api/campaigns', { json: {} });
    for (const call of server.calls) {
      expect(call.headers.get('authorization')).toBeNull();
      expect(call.headers.get('x-requested-with')).toBe('rifaria');
      expect(call.request.credentials).toBe('include');
    }
    // The old token is gone from storage; the user stays.
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toContain('secret-token');
    expect(useSession.getState().user).toEqual({ name: 'Ana' });
  });

  it('should clear the session and go to /login with the return target on a 401', async () => {
    window.history.replaceState(null, '', '/campanhas/3/painel?aba=vendas');
    useSession.getState().setSession({ name: 'Ana' });
    server.on('GET', '/api/campaigns/3', () => reply(401, { success: false, message: 'Não autenticado.' }));

    await expect(api.get('/api/campaigns/3')).rejects.toThrow();
    expect(useSession.getState().user).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fcampanhas%2F3%2Fpainel%3Faba%3Dvendas');
  });

  it.each(['/p/minha-rifa', '/login', '/cadastro'])(
    'should clear the session but stay on %s on a 401',
    async (path) => {
      window.history.replaceState(null, '', path);
      useSession.getState().setSession({ name: 'Ana' });
      server.on('GET', '/public/campaigns/minha-rifa', () => reply(401, { success: false, message: 'x' }));

      await expect(api.get('/public/campaigns/minha-rifa')).rejects.toThrow();
      expect(useSession.getState().user).toBeNull();
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it("should leave the organiser's session alone on the operators' console's 401 (a wrong code at /admin/login)", async () => {
    window.history.replaceState(null, '', '/admin/login');
    useSession.getState().setSession({ name: 'Ana' });
    server.on('POST', '/api/admin/login/totp', () => reply(401, { success: false, message: 'Código inválido.' }));

    await expect(api.post('/api/admin/login/totp', { json: {} })).rejects.toThrow();
    expect(useSession.getState().user).toEqual({ name: 'Ana' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('should read the error reply shape', async () => {
    server.on('POST', '/api/auth/register', () =>
      reply(422, {
        success: false,
        message: 'Dados inválidos.',
        errors: { email: ['Este e-mail já está cadastrado.', 'outro'], name: ['Nome é obrigatório'] },
      }),
    );
    const error = await api.post('/api/auth/register', { json: {} }).catch((e: unknown) => e);
    expect(readApiError(error)).toMatchObject({ kind: 'http', status: 422, message: 'Dados inválidos.' });
    expect(apiErrorMessage(error)).toBe('Dados inválidos.');
    expect(apiFieldErrors(error)).toEqual({ email: 'Este e-mail já está cadastrado.', name: 'Nome é obrigatório' });
  });

  it('should report a network failure', async () => {
    const error = await api.get('/api/unhandled', { retry: 0 }).catch((e: unknown) => e);
    expect(readApiError(error).kind).toBe('network');
    expect(apiErrorMessage(error, 'Erro ao carregar')).toBe('Erro ao carregar');
  });
});

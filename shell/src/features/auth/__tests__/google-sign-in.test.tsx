import { waitFor } from '@testing-library/react';
import { useSession } from '@rifaria/shared/session';
import { loadRuntimeConfig } from '../../../remotes/runtime-config';
import { currentPath, renderApp, screen, server, testUser } from '../../../testing/test-utils';

jest.mock('../../../remotes/load-remote', () => require('../../../testing/load-remote-stub'));

/** What the API announces in /runtime-config.json (googleSignIn: GOOGLE_CLIENT_ID is set). */
async function announce(googleSignIn: boolean) {
  server.on('GET', '/runtime-config.json', () => ({ apiBaseUrl: '', sandbox: true, googleSignIn }));
  await loadRuntimeConfig('http://localhost/runtime-config.json');
}

describe("'Entrar com Google' / 'Cadastrar com Google' (issue 30)", () => {
  beforeEach(() => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
  });
  afterEach(async () => {
    await announce(false);
  });

  it('should hide the Google buttons and the divider while the API does not offer Google sign-in', async () => {
    await announce(false);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    expect(screen.queryByRole('link', { name: 'Entrar com Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entrar com Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('ou')).not.toBeInTheDocument();
    expect(screen.queryByText(/Login com Google ainda não está disponível/)).not.toBeInTheDocument();
  });

  it('should hide it on the sign-up page too', async () => {
    await announce(false);
    renderApp('/cadastro');
    await screen.findByRole('heading', { name: 'Crie sua conta' });
    expect(screen.queryByText('Cadastrar com Google')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the log-in (keeping where the person was going)',
      '/campanhas/7/painel',
      'Entrar com Google',
      '/api/auth/google/start?intent=login&redirect=%2Fcampanhas%2F7%2Fpainel',
    ],
    ['the sign-up on /cadastro', '/cadastro', 'Cadastrar com Google', '/api/auth/google/start?intent=signup'],
  ])("should offer %s with a link to the API's Google start when it is offered", async (_case, url, name, href) => {
    await announce(true);
    renderApp(url);
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
    expect(screen.getByText('ou')).toBeInTheDocument();
  });

  it('should read the user the Google callback signed in and go where the person was going', async () => {
    renderApp('/login?redirect=%2Fcampanhas&google=1');
    expect(await screen.findByRole('heading', { name: 'Remoto mf_campaigns' })).toBeInTheDocument();
    expect(currentPath()).toBe('/campanhas');
    expect(useSession.getState().user).toMatchObject({ name: testUser.name });
  });

  it('should say so when the session from Google cannot be read', async () => {
    server.on('GET', '/api/auth/me', () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/login?google=1');
    expect(
      await screen.findByText('Erro ao entrar com Google. Tente novamente ou use e-mail e senha.'),
    ).toBeInTheDocument();
    expect(useSession.getState().user).toBeNull();
    expect(currentPath()).toBe('/login?google=1');
  });

  it.each([
    ['/cadastro?google_error=failed', 'Erro ao cadastrar com Google.'],
    ['/login?google_error=failed', 'Erro ao entrar com Google. Tente novamente ou use e-mail e senha.'],
    ['/login?google_error=cancelled', 'O acesso com Google foi cancelado.'],
    ['/login?google_error=expired', 'O acesso com Google expirou ou já foi usado. Tente novamente.'],
    [
      '/cadastro?google_error=unverified',
      'Seu e-mail não está confirmado no Google, então não podemos usá-lo para entrar. Confirme-o no Google ou use e-mail e senha.',
    ],
    ['/login?google_error=conflict', 'Este e-mail já está ligado a outra conta Google. Entre com e-mail e senha.'],
  ])('should explain a refused Google sign-in (%s)', async (url, text) => {
    renderApp(url);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
    expect(useSession.getState().user).toBeNull();
  });
});

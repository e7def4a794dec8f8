import { waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEY } from '@rifaria/shared/constants';
import { useSession } from '@rifaria/shared/session';
import { submitEmptyForm } from '../../../testing/auth-forms';
import { currentPath, renderApp, reply, screen, server, testUser } from '../../../testing/test-utils';

jest.mock('../../../remotes/load-remote', () => require('../../../testing/load-remote-stub'));

const SUBMIT = 'Entrar na minha conta';

async function openLogin(url = '/login') {
  const utils = renderApp(url);
  await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
  return utils;
}

describe('Login page', () => {
  beforeEach(() => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
  });

  it('should show required messages when submitting an empty form and disable the submit button', async () => {
    const { user } = await openLogin();
    await submitEmptyForm(user, SUBMIT, ['E-mail é obrigatório', 'Senha é obrigatória']);
    expect(server.calls).toHaveLength(0);
  });

  it('should re-check a field 300 ms after typing and enable submit once it is valid', async () => {
    const { user } = await openLogin();
    const email = screen.getByRole('textbox', { name: 'E-mail' });

    await user.type(email, 'ana@');
    // Not on the keystroke itself: only after the 300 ms pause.
    expect(screen.queryByText('E-mail inválido')).not.toBeInTheDocument();
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SUBMIT })).toBeDisabled();

    await user.type(email, 'rifaria.com.br');
    await waitFor(() => expect(screen.queryByText('E-mail inválido')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Senha'), '123');
    expect(await screen.findByText('Senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Senha'), '456');
    await waitFor(() => expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled());
  });

  it('should show and hide the password', async () => {
    const { user } = await openLogin();
    const password = screen.getByLabelText('Senha');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('should link to password recovery and sign-up', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/esqueci-senha');
    expect(screen.getByRole('link', { name: 'Criar conta grátis' })).toHaveAttribute('href', '/cadastro');
  });

  it('should show the server message when the password is wrong', async () => {
    server.on('POST', '/api/auth/login', () =>
      reply(401, { success: false, message: 'Credenciais inválidas. Confira e tente de novo.' }),
    );
    const { user } = await openLogin();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@rifaria.com.br');
    await user.type(screen.getByLabelText('Senha'), 'senha-errada');
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciais inválidas. Confira e tente de novo.');
    expect(currentPath()).toBe('/login');
    expect(useSession.getState().user).toBeNull();
  });

  it('should prefer the reply error field, then fall back by status and by connection', async () => {
    server.on('POST', '/api/auth/login', () => reply(400, { success: false, error: 'Conta bloqueada', message: 'x' }));
    const { user } = await openLogin();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@rifaria.com.br');
    await user.type(screen.getByLabelText('Senha'), 'senha-errada');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Conta bloqueada');

    server.on('POST', '/api/auth/login', () => reply(401));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('E-mail ou senha incorretos. Tente novamente.')).toBeInTheDocument();

    server.on('POST', '/api/auth/login', () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(
      await screen.findByText('Erro ao fazer login. Verifique sua conexão e tente novamente.'),
    ).toBeInTheDocument();
  });

  it('should say why when a password change elsewhere ended this session (issue 30)', async () => {
    server.on('GET', '/api/auth/me', () =>
      reply(
        401,
        { success: false, message: 'Sua sessão foi encerrada porque a senha foi alterada.' },
        { 'x-session-ended': 'password_changed' },
      ),
    );
    renderApp('/dashboard', { session: true });
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    expect(currentPath()).toBe('/login?redirect=%2Fdashboard');
    expect(screen.getByText('Sua sessão foi encerrada porque a senha foi alterada.')).toBeInTheDocument();
    expect(useSession.getState().user).toBeNull();
  });

  it('should store the session and go to the originally requested page', async () => {
    let release: () => void = () => undefined;
    server.on('POST', '/api/auth/login', async ({ body }) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      expect(body).toEqual({ email: 'ana@rifaria.com.br', password: 'segredo1' });
      return { access_token: 'tok-123', token_type: 'Bearer', user: testUser };
    });

    const { user } = renderApp('/campanhas/7/painel');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    expect(currentPath()).toBe('/login?redirect=%2Fcampanhas%2F7%2Fpainel');

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'Ana@Rifaria.com.br ');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    expect(await screen.findByRole('button', { name: 'Entrando...' })).toBeDisabled();
    release();

    expect(await screen.findByRole('heading', { name: 'Remoto mf_campaigns' })).toBeInTheDocument();
    expect(currentPath()).toBe('/campanhas/7/painel');
    expect(useSession.getState().user).toMatchObject({ name: 'Ana Paula Souza' });
    // The session is the cookie the reply set: no token is kept in the browser's storage.
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toContain('tok-123');
  });

  it('should go to the dashboard when nothing was requested', async () => {
    server.on('POST', '/api/auth/login', () => ({ token: 'tok-9', user: testUser }));
    const { user } = await openLogin();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@rifaria.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(useSession.getState().user).toMatchObject({ name: testUser.name });
  });
});

import { PASSWORD_RESET_MESSAGES } from '@rifaria/shared/schemas';
import { holdReply } from '@rifaria/shared/testing';
import { useSession } from '@rifaria/shared/session';
import { submitEmptyForm, typeWeakPassword } from '../../../testing/auth-forms';
import { currentPath, renderApp, reply, screen, server, testUser, type AppUser } from '../../../testing/test-utils';

jest.mock('../../../remotes/load-remote', () => require('../../../testing/load-remote-stub'));

const SUBMIT = 'Redefinir senha';
const TOKEN = 'k3Y_abc-123';

async function openReset(url = `/redefinir-senha?token=${TOKEN}`) {
  const utils = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Crie uma nova senha' });
  return utils;
}

async function fill(user: AppUser, password: string, confirmation = password) {
  await user.type(screen.getByLabelText('Nova senha'), password);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirmation);
}

async function expectInvalidLink() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Link inválido' })).toBeInTheDocument();
  expect(screen.getByText(PASSWORD_RESET_MESSAGES.invalidLink)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Solicitar um novo link' })).toHaveAttribute('href', '/esqueci-senha');
  expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
}

describe('Reset-password page', () => {
  it.each([
    ['without a token', '/redefinir-senha'],
    ['with an empty token', '/redefinir-senha?token='],
    ['with a malformed token', '/redefinir-senha?token=%3Cscript%3E'],
  ])('should show the invalid-link state at once %s', async (_case, url) => {
    renderApp(url);
    await expectInvalidLink();
    expect(server.calls).toHaveLength(0);
  });

  it('should apply the sign-up password rules, with the strength meter and the show/hide toggle', async () => {
    const { user } = await openReset();
    await submitEmptyForm(user, SUBMIT, ['Senha é obrigatória', 'Confirmação de senha é obrigatória']);

    const password = screen.getByLabelText('Nova senha');
    await typeWeakPassword(user, password);
    await user.type(password, 'deF1gh');
    expect(screen.getByRole('progressbar', { name: 'Força da senha' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Forte')).toBeInTheDocument();

    expect(password).toHaveAttribute('type', 'password');
    const [show] = screen.getAllByRole('button', { name: 'Mostrar senha' });
    await user.click(show!);
    expect(password).toHaveAttribute('type', 'text');
    expect(server.callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('should say when the confirmation does not match, and when it does', async () => {
    const { user } = await openReset();
    await fill(user, 'NovaSenha1', 'NovaSenha2');
    expect(await screen.findByText('Senhas não coincidem')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SUBMIT })).toBeDisabled();

    await user.clear(screen.getByLabelText('Confirmar nova senha'));
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'NovaSenha1');
    expect(await screen.findByText('Senhas coincidem')).toBeInTheDocument();
  });

  it('should turn into the invalid-link state when the server refuses the token', async () => {
    server.on('POST', '/api/auth/reset-password', () =>
      reply(422, {
        success: false,
        message: PASSWORD_RESET_MESSAGES.invalidLink,
        errors: { token: [PASSWORD_RESET_MESSAGES.invalidLink] },
      }),
    );
    const { user } = await openReset();
    await fill(user, 'NovaSenha1');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await expectInvalidLink();

    await user.click(screen.getByRole('link', { name: 'Solicitar um novo link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Esqueceu a senha?' })).toBeInTheDocument();
    expect(currentPath()).toBe('/esqueci-senha');
  });

  it("should put the server's password messages under their fields", async () => {
    server.on('POST', '/api/auth/reset-password', () =>
      reply(422, { success: false, message: 'Dados inválidos', errors: { password: ['Senha muito comum'] } }),
    );
    const { user } = await openReset();
    await fill(user, 'NovaSenha1');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('Senha muito comum')).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('should show the generic failure on a server error and a 429 with its own message', async () => {
    server.on('POST', '/api/auth/reset-password', () => reply(503, { success: false, message: 'Service Unavailable' }));
    const { user } = await openReset();
    await fill(user, 'NovaSenha1');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.failed);

    const message = 'Muitas tentativas. Aguarde um minuto.';
    server.on('POST', '/api/auth/reset-password', () => reply(429, { success: false, message }));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('should send the token and passwords, drop the stored session and say so on the login page', async () => {
    const { release } = holdReply(server, 'POST', '/api/auth/reset-password', {
      success: true,
      message: PASSWORD_RESET_MESSAGES.success,
    });
    // Signed in in this browser with a session the reset revokes.
    const { user } = renderApp(`/redefinir-senha?token=${TOKEN}`, { session: { user: testUser } });
    await screen.findByRole('heading', { level: 1, name: 'Crie uma nova senha' });
    await fill(user, 'NovaSenha1');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('button', { name: 'Redefinindo...' })).toBeDisabled();
    release();

    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.success);
    expect(useSession.getState().user).toBeNull();
    expect(server.callsTo('POST', '/api/auth/reset-password')[0]!.body).toEqual({
      token: TOKEN,
      password: 'NovaSenha1',
      password_confirmation: 'NovaSenha1',
    });
  });
});

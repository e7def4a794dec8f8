import { within } from '@testing-library/react';
import { holdReply } from '@rifaria/shared/testing';
import { PASSWORD_RESET_MESSAGES } from '@rifaria/shared/schemas';
import { currentPath, renderApp, reply, screen, server } from '../../../testing/test-utils';

jest.mock('../../../remotes/load-remote', () => require('../../../testing/load-remote-stub'));

const SUBMIT = 'Enviar link de redefinição';

async function openForgot() {
  const utils = renderApp('/esqueci-senha');
  await screen.findByRole('heading', { level: 1, name: 'Esqueceu a senha?' });
  return utils;
}

async function request(user: ReturnType<typeof renderApp>['user'], email: string) {
  const field = screen.getByRole('textbox', { name: 'E-mail' });
  await user.clear(field);
  await user.type(field, email);
  await user.click(screen.getByRole('button', { name: SUBMIT }));
}

describe('Forgot-password page', () => {
  it('should require a valid e-mail before asking the server', async () => {
    const { user } = await openForgot();
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SUBMIT })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@');
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/forgot-password')).toHaveLength(0);
  });

  it('should give the same confirmation whether or not the e-mail has an account', async () => {
    // The server's reply is the same either way; the page shows its own text, never something taken from the reply.
    server.on('POST', '/api/auth/forgot-password', ({ body }) =>
      (body as { email: string }).email === 'ana@rifaria.com.br'
        ? { success: true, message: 'Conta encontrada' }
        : { success: true, message: 'Conta inexistente' },
    );
    server.on('GET', '/api/sandbox/mailbox', () => reply(404, { success: false, message: 'Not Found' }));
    const { user } = await openForgot();

    await request(user, ' Ana@Rifaria.com.br ');
    const first = await screen.findByRole('status');
    expect(first).toHaveTextContent(PASSWORD_RESET_MESSAGES.requestSent);
    expect(screen.getByRole('heading', { level: 1, name: 'Confira seu e-mail' })).toBeInTheDocument();
    expect(screen.queryByText(/Conta encontrada/)).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/forgot-password')[0]!.body).toEqual({ email: 'ana@rifaria.com.br' });

    await user.click(screen.getByRole('button', { name: 'Usar outro e-mail' }));
    await request(user, 'ninguem@exemplo.com');
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_MESSAGES.requestSent);
    expect(screen.queryByText(/Conta inexistente/)).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/forgot-password')).toHaveLength(2);
  });

  it("should say 'Enviando...' while asking and lead back to the login", async () => {
    const { release } = holdReply(server, 'POST', '/api/auth/forgot-password', {
      success: true,
      message: PASSWORD_RESET_MESSAGES.requestSent,
    });
    server.on('GET', '/api/sandbox/mailbox', () => reply(404));
    const { user } = await openForgot();
    await request(user, 'ana@rifaria.com.br');
    expect(await screen.findByRole('button', { name: 'Enviando...' })).toBeDisabled();
    release();

    await screen.findByRole('status');
    await user.click(screen.getByRole('link', { name: 'Voltar para o login' }));
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it('should link to the sandbox mailbox only when it answers', async () => {
    server.on('POST', '/api/auth/forgot-password', () => ({ success: true }));
    server.on('GET', '/api/sandbox/mailbox', () => ({ success: true, data: [] }));
    const { user } = await openForgot();
    await request(user, 'ana@rifaria.com.br');

    const link = await screen.findByRole('link', { name: 'Veja a caixa de e-mails (sandbox)' });
    expect(link).toHaveAttribute('href', '/sandbox/emails?para=ana%40rifaria.com.br');
    expect(link.parentElement).toHaveTextContent('Ambiente de teste? Veja a caixa de e-mails (sandbox)');
    expect(server.callsTo('GET', '/api/sandbox/mailbox')[0]!.url.searchParams.get('to')).toBe('ana@rifaria.com.br');
  });

  it('should not link to the mailbox when it is off (real e-mail)', async () => {
    server.on('POST', '/api/auth/forgot-password', () => ({ success: true }));
    server.on('GET', '/api/sandbox/mailbox', () => reply(404, { success: false, message: 'Not Found' }));
    const { user } = await openForgot();
    await request(user, 'ana@rifaria.com.br');

    await screen.findByRole('status');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo('GET', '/api/sandbox/mailbox')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /caixa de e-mails/ })).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', () => reply(500, { success: false, message: 'Internal Server Error' })],
    [
      'no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('should show the generic failure on %s and keep the form', async (_case, handler) => {
    server.on('POST', '/api/auth/forgot-password', handler);
    const { user } = await openForgot();
    await request(user, 'ana@rifaria.com.br');
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.requestFailed);
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ana@rifaria.com.br');
    expect(screen.queryByText(PASSWORD_RESET_MESSAGES.requestSent)).not.toBeInTheDocument();
  });

  it("should show a 429's own message", async () => {
    const message = 'Muitas solicitações. Tente novamente em alguns minutos.';
    server.on('POST', '/api/auth/forgot-password', () =>
      reply(429, { success: false, message }, { 'retry-after': '60' }),
    );
    const { user } = await openForgot();
    await request(user, 'ana@rifaria.com.br');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("should put a 422's e-mail message under the field", async () => {
    server.on('POST', '/api/auth/forgot-password', () =>
      reply(422, { success: false, message: 'Dados inválidos', errors: { email: ['E-mail inválido'] } }),
    );
    const { user } = await openForgot();
    await request(user, 'ana@rifaria.com.br');
    const field = screen.getByRole('textbox', { name: 'E-mail' });
    expect(
      await within(field.closest('.MuiFormControl-root') as HTMLElement).findByText('E-mail inválido'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { currentPath, mockFetchForFile, server } from '@rifaria/shared/testing';
import { OPERATOR, QR, refused, signedIn } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile();

async function signIn(user: ReturnType<typeof renderAt>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'operador@rifaria.com.br');
  await user.type(screen.getByLabelText('Senha'), 'Rifaria123');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('Console login', () => {
  it('should enrol the authenticator on the first login: QR code and secret, then the code opens the console', async () => {
    server.on('POST', '/api/admin/login', () => ({
      challenge: 'ch-1',
      totp_setup: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Rifaria', qr_code: QR },
    }));
    server.on('POST', '/api/admin/login/totp', () => ({ token: 'tok' }));
    signedIn();
    server.on('GET', '/api/admin/overview', () => new Promise(() => undefined));
    const { user } = renderAt('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Entrar na operação', level: 1 })).toBeInTheDocument();

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Código de verificação' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR Code para o aplicativo autenticador' })).toHaveAttribute('src', QR);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/login')[0]?.body).toEqual({
      email: 'operador@rifaria.com.br',
      password: 'Rifaria123',
    });

    await user.type(screen.getByRole('textbox', { name: 'Código de verificação' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText(OPERATOR.name)).toBeInTheDocument();
    expect(currentPath()).toBe('/admin');
    expect(server.callsTo('POST', '/api/admin/login/totp')[0]?.body).toEqual({ challenge: 'ch-1', code: '123456' });
  });

  it('should ask only for the code afterwards, and say so when the code is wrong', async () => {
    server.on('POST', '/api/admin/login', () => ({ challenge: 'ch-2' }));
    server.on('POST', '/api/admin/login/totp', () => refused(422, 'Código inválido.'));
    const { user } = renderAt('/admin/login');
    await screen.findByRole('heading', { name: 'Entrar na operação' });
    await signIn(user);

    const code = await screen.findByRole('textbox', { name: 'Código de verificação' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(screen.getByText('Digite os 6 dígitos do código.')).toBeInTheDocument();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código inválido.');
    expect(code).toHaveValue('');
    expect(currentPath()).toBe('/admin/login');
  });

  it('should say when the e-mail or the password is wrong, staying on the console (a 401 there is no organiser)', async () => {
    window.history.replaceState(null, '', '/admin/login');
    server.on('POST', '/api/admin/login', () => refused(401, 'E-mail ou senha incorretos.'));
    const { user } = renderAt('/admin/login');
    await screen.findByRole('heading', { name: 'Entrar na operação' });
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
    expect(screen.queryByRole('textbox', { name: 'Código de verificação' })).not.toBeInTheDocument();
  });

  it('should check the form before sending it', async () => {
    const { user } = renderAt('/admin/login');
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('should send an expired operator session back to the login', async () => {
    signedIn(null);
    renderAt('/admin/auditoria');
    expect(await screen.findByRole('heading', { name: 'Entrar na operação' })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/login');
  });

  it('should sign out with Sair', async () => {
    server.on('GET', '/api/admin/overview', () => new Promise(() => undefined));
    server.on('POST', '/api/admin/logout', () => ({ success: true }));
    signedIn();
    const { user } = renderAt('/admin');
    await screen.findByText(OPERATOR.name);
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { name: 'Entrar na operação' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/logout')).toHaveLength(1);
  });
});

describe('Invite', () => {
  it('should create the access with a name and a password under the sign-up rules', async () => {
    server.on('POST', '/api/admin/invites/accept', () => ({ success: true }));
    const { user } = renderAt('/admin/convite#tok-123');
    await user.type(await screen.findByRole('textbox', { name: 'Nome' }), 'Bruno Operador');
    await user.type(screen.getByLabelText('Senha'), 'fraca');
    await user.type(screen.getByLabelText('Confirmar senha'), 'fraca');
    await user.click(screen.getByRole('button', { name: 'Criar acesso' }));
    expect(screen.getByText(/Senha deve conter:/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Senha'));
    await user.clear(screen.getByLabelText('Confirmar senha'));
    await user.type(screen.getByLabelText('Senha'), 'Segura123');
    await user.type(screen.getByLabelText('Confirmar senha'), 'Segura123');
    await user.click(screen.getByRole('button', { name: 'Criar acesso' }));

    expect(await screen.findByText(/Acesso criado/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/invites/accept')[0]?.body).toEqual({
      token: 'tok-123',
      name: 'Bruno Operador',
      password: 'Segura123',
    });
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/admin/login');
  });

  it('should explain a link without its token', async () => {
    renderAt('/admin/convite');
    expect(await screen.findByRole('alert')).toHaveTextContent('Link de convite inválido');
  });
});

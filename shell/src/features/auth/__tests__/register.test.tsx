import { waitFor, within } from '@testing-library/react';
import { SESSION_STORAGE_KEY, VALIDATION_DELAY_MS } from '@rifaria/shared/constants';
import { useSession } from '@rifaria/shared/session';
import { submitEmptyForm, typeWeakPassword } from '../../../testing/auth-forms';
import { currentPath, renderApp, reply, screen, server, type AppUser } from '../../../testing/test-utils';

jest.mock('../../../remotes/load-remote', () => require('../../../testing/load-remote-stub'));

const SUBMIT = 'Explorar a Rifaria';
const newUser = { id: 2, name: 'Maria Clara Lima', email: 'maria@empresa.com.br', profile: null };

async function openRegister() {
  const utils = renderApp('/cadastro');
  await screen.findByRole('heading', { name: 'Crie sua conta' });
  return utils;
}

async function fillValidForm(user: AppUser) {
  await user.type(screen.getByRole('textbox', { name: 'Nome completo' }), 'Maria Clara Lima');
  await user.type(screen.getByRole('textbox', { name: 'E-mail profissional' }), 'maria@empresa.com.br');
  await user.type(screen.getByLabelText('Senha'), 'Rifaria2025');
  await user.type(screen.getByLabelText('Confirmar senha'), 'Rifaria2025');
}

describe('Sign-up page', () => {
  beforeEach(() => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: newUser }));
  });

  it('should show every required message on an empty submit and disable the button', async () => {
    const { user } = await openRegister();
    await submitEmptyForm(user, SUBMIT, [
      'Nome é obrigatório',
      'E-mail é obrigatório',
      'Senha é obrigatória',
      'Confirmação de senha é obrigatória',
    ]);
  });

  it('should explain what the password is missing and rate its strength', async () => {
    const { user } = await openRegister();
    const password = screen.getByLabelText('Senha');
    await typeWeakPassword(user, password);

    await user.type(password, 'defgh');
    expect(screen.getByText('Média')).toBeInTheDocument();

    await user.type(password, '1');
    expect(screen.getByText('Forte')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Força da senha' })).toHaveAttribute('aria-valuenow', '75');
  });

  it('should say when the passwords match and when they do not', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Senha'), 'Rifaria2025');
    await user.type(screen.getByLabelText('Confirmar senha'), 'Rifaria2024');
    expect(await screen.findByText('Senhas não coincidem')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirmar senha'));
    await user.type(screen.getByLabelText('Confirmar senha'), 'Rifaria2025');
    expect(await screen.findByText('Senhas coincidem')).toBeInTheDocument();
    expect(screen.queryByText('Senhas não coincidem')).not.toBeInTheDocument();
  });

  it('should validate the name after 300 ms', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByRole('textbox', { name: 'Nome completo' }), ' A ');
    expect(screen.queryByText('Nome deve ter pelo menos 2 caracteres')).not.toBeInTheDocument();
    expect(await screen.findByText('Nome deve ter pelo menos 2 caracteres')).toBeInTheDocument();
  });

  it('should show a taken e-mail from the server on the e-mail field until it is edited', async () => {
    server.on('POST', '/api/auth/register', () =>
      reply(422, {
        success: false,
        message: 'Dados inválidos.',
        errors: { email: ['Este e-mail já está cadastrado. Faça login ou use outro e-mail.'] },
      }),
    );
    const { user } = await openRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    const email = screen.getByRole('textbox', { name: 'E-mail profissional' });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Este e-mail já está cadastrado. Faça login ou use outro e-mail.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SUBMIT })).toBeDisabled();

    await user.type(email, 'x');
    expect(
      screen.queryByText('Este e-mail já está cadastrado. Faça login ou use outro e-mail.'),
    ).not.toBeInTheDocument();
  });

  it('should show the server message, or the default one, in the banner', async () => {
    server.on('POST', '/api/auth/register', () => reply(503, { success: false, message: 'Serviço em manutenção.' }));
    const { user } = await openRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Serviço em manutenção.');

    server.on('POST', '/api/auth/register', () => reply(500));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Erro ao criar conta. Tente novamente.'));
  });

  it('should create the account, show the success screen, then go to the dashboard after 2 s', async () => {
    server.on('POST', '/api/auth/register', () =>
      reply(201, { success: true, access_token: 'tok-new', user: newUser }),
    );
    const { user } = await openRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    expect(await screen.findByRole('heading', { name: 'Conta criada com sucesso!' })).toBeInTheDocument();
    // One status region named by the title and described by the sentence; the spinner is part of that sentence,
    // so it cannot drift away from it when the sentence wraps on a phone.
    const status = screen.getByRole('status', { name: 'Conta criada com sucesso!' });
    expect(status).toHaveAccessibleDescription('Redirecionando você para o seu painel de controle...');
    const sentence = within(status).getByText('Redirecionando você para o seu painel de controle...');
    expect(within(sentence).getByRole('progressbar', { hidden: true })).toHaveAttribute('aria-hidden', 'true');
    expect(server.callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
      name: 'Maria Clara Lima',
      email: 'maria@empresa.com.br',
      password: 'Rifaria2025',
      password_confirmation: 'Rifaria2025',
    });
    expect(useSession.getState().user).toMatchObject({ name: newUser.name });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toContain('tok-new');
    expect(currentPath()).toBe('/cadastro');

    expect(await screen.findByRole('heading', { name: 'Olá, Maria!' }, { timeout: 3000 })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('should link to the terms and the privacy policy', async () => {
    await openRegister();
    expect(screen.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos');
    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacidade');
  });

  it("should not raise 'Nome é obrigatório' when 'Termos de Uso' is clicked on the empty form (issue 30)", async () => {
    const { user } = await openRegister();
    expect(screen.getByRole('textbox', { name: 'Nome completo' })).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Termos de Uso' }));
    await user.click(screen.getByRole('link', { name: 'Política de Privacidade' }));
    await new Promise((resolve) => setTimeout(resolve, VALIDATION_DELAY_MS + 200));
    expect(screen.queryByText('Nome é obrigatório')).not.toBeInTheDocument();
    expect(screen.queryByText('E-mail é obrigatório')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
  });

  it('should tell only what Rifaria does beside the form: no "largest platform", no testimonial (issue 30)', async () => {
    await openRegister();
    const aside = screen.getByRole('complementary', { name: 'Sobre a Rifaria' });
    expect(aside).not.toHaveTextContent(/maior plataforma/i);
    expect(within(aside).queryByRole('blockquote')).not.toBeInTheDocument();
    expect(aside).not.toHaveTextContent(/Ana Paula|estudante|formatura/i);
    expect(within(aside).getByRole('heading', { name: /Pix e sorteio que qualquer um confere/ })).toBeInTheDocument();
    expect(within(aside).getByRole('heading', { name: 'Como funciona' })).toBeInTheDocument();
    expect(within(aside).getAllByRole('listitem')).toHaveLength(6);
  });
});

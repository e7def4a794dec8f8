import { screen, waitFor } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { lastBody, profileServer, refused, signIn } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile({ beforeEach: () => signIn() });

// Password inputs have no role; their label carries the required asterisk.
const current = () => screen.getByLabelText(/^Senha atual/, { selector: 'input' });
const next = () => screen.getByLabelText(/^Nova senha/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirmar nova senha/, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Alterar senha' });

async function openPasswordTab() {
  profileServer();
  const rendered = renderAt('/perfil');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Alterar Senha' }));
  return rendered;
}

async function fill(user: Awaited<ReturnType<typeof openPasswordTab>>['user'], values: [string, string, string]) {
  await user.type(current(), values[0]);
  await user.type(next(), values[1]);
  await user.type(confirmation(), values[2]);
}

/** POST /api/auth/change-password answers `answer`; the tab filled (new password Nova1234) and sent. */
async function sendChange(answer: () => unknown, currentPassword = 'velha123') {
  server.on('POST', '/api/auth/change-password', answer);
  const rendered = await openPasswordTab();
  await fill(rendered.user, [currentPassword, 'Nova1234', 'Nova1234']);
  await rendered.user.click(submit());
  return rendered;
}

describe("tab 'Alterar Senha'", () => {
  it('should check the three fields with the spec messages', async () => {
    const { user } = await openPasswordTab();
    await user.click(submit());
    expect(current()).toHaveAccessibleDescription('Senha atual é obrigatória');
    expect(next()).toHaveAccessibleDescription('Nova senha é obrigatória');
    expect(confirmation()).toHaveAccessibleDescription('Confirmação é obrigatória');
    await fill(user, ['velha123', '12345', '54321']);
    await user.click(submit());
    expect(next()).toHaveAccessibleDescription(
      'Senha deve conter: pelo menos 8 caracteres, uma letra maiúscula, uma letra minúscula',
    );
    expect(confirmation()).toHaveAccessibleDescription('Senhas não coincidem');
    expect(server.callsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('should send the change, say it worked and empty the fields', async () => {
    await sendChange(() => ({ success: true, message: 'Senha alterada com sucesso!' }));
    // Said where the form is, as a status message.
    expect((await screen.findByText('Senha alterada com sucesso!')).closest('[role="status"]')).not.toBeNull();
    expect(lastBody('POST', '/api/auth/change-password')).toEqual({
      current_password: 'velha123',
      new_password: 'Nova1234',
      new_password_confirmation: 'Nova1234',
    });
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
    expect(confirmation()).toHaveValue('');
  });

  it("should show the server's message under the current-password field", async () => {
    await sendChange(
      () => refused('Senha atual incorreta.', { current_password: ['Senha atual incorreta.'] }),
      'errada12',
    );
    await waitFor(() => expect(current()).toHaveAccessibleDescription('Senha atual incorreta.'));
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(next()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("should show a rate limit's message, and 'Erro ao alterar senha. Tente novamente.' without one, under the current password", async () => {
    const { user } = await sendChange(() =>
      reply(429, { success: false, message: 'Muitas tentativas. Tente novamente em 1 minuto.' }),
    );
    await waitFor(() =>
      expect(current()).toHaveAccessibleDescription('Muitas tentativas. Tente novamente em 1 minuto.'),
    );

    server.on('POST', '/api/auth/change-password', () => reply(500));
    await user.click(submit());
    await waitFor(() => expect(current()).toHaveAccessibleDescription('Erro ao alterar senha. Tente novamente.'));
  });

  it("should put the server's reasons about the new password under it", async () => {
    await sendChange(() =>
      refused('Dados inválidos', { new_password: ['Nova senha deve ter no máximo 200 caracteres'] }),
    );
    await waitFor(() => expect(next()).toHaveAccessibleDescription('Nova senha deve ter no máximo 200 caracteres'));
    expect(current()).not.toHaveAttribute('aria-invalid', 'true');
  });
});

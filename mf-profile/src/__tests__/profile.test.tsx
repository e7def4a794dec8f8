import { screen, waitFor, within } from '@testing-library/react';
import { useSession } from '@rifaria/shared/session';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { useToastStore } from '@rifaria/shared/ui';
import { activeWallet, lastBody, profileServer, profileUser, refused, signIn, toastTexts } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile({ beforeEach: () => signIn() });

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Salvar dados' });

describe("/perfil 'Meus Dados'", () => {
  it('should show a skeleton, then the avatar, description, e-mail badge and the three tabs', async () => {
    profileServer();
    renderAt('/perfil');
    expect(screen.getByRole('heading', { name: 'Meus Dados' })).toBeInTheDocument();
    expect(screen.getByLabelText('Carregando seus dados')).toHaveAttribute('aria-busy', 'true');

    expect(await screen.findByText('AS')).toBeInTheDocument();
    expect(screen.getByText('Organizadora')).toBeInTheDocument();
    expect(screen.getByText('E-mail não verificado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar e-mail' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Seções do perfil' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Dados', 'Endereço', 'Alterar Senha']);
    expect(screen.queryByLabelText('Carregando seus dados')).not.toBeInTheDocument();
  });

  it("should fall back to 'Organizador' and say a verified e-mail is verified, without the action", async () => {
    profileServer({ user: profileUser({ profile: { description: null }, email_verified_at: '2026-11-02T10:00:00Z' }) });
    renderAt('/perfil');
    expect(await screen.findByText('Organizador')).toBeInTheDocument();
    expect(screen.getByText('E-mail verificado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verificar e-mail' })).not.toBeInTheDocument();
  });

  it("should offer 'Tentar novamente' when the profile does not load, and load it then", async () => {
    let fail = true;
    profileServer();
    const user = profileUser();
    server.on('GET', '/api/auth/profile', () =>
      fail ? reply(404, { success: false, message: 'x' }) : { success: true, user, formatted: user.formatted },
    );
    const { user: person } = renderAt('/perfil');
    expect(await screen.findByText('Erro ao carregar seus dados. Tente novamente.')).toBeInTheDocument();
    fail = false;
    await person.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByDisplayValue('Ana Paula Souza')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar seus dados. Tente novamente.')).not.toBeInTheDocument();
  });
});

describe("tab 'Dados'", () => {
  it('should show CPF and phone masked and send them as digits, then toast for 5 s and rename the session user', async () => {
    profileServer({ user: profileUser({ cpf: null, phone: null, formatted: { cpf: null, phone: null } }) });
    server.on('PUT', '/api/auth/profile', ({ body }) => {
      const user = profileUser(body as object);
      return { success: true, message: 'Dados salvos com sucesso!', user, formatted: user.formatted };
    });
    const { user } = renderAt('/perfil');
    await screen.findByDisplayValue('Ana Paula Souza');

    await user.type(field('CPF'), '52998224725');
    expect(field('CPF')).toHaveValue('529.982.247-25');
    await user.type(field('Telefone'), '11987654321999');
    expect(field('Telefone')).toHaveValue('(11) 98765-4321');
    expect(field('Telefone')).toHaveAttribute('maxlength', '15');
    await user.clear(field('Nome completo'));
    await user.type(field('Nome completo'), 'Ana Souza Lima');
    await user.click(save());

    await waitFor(() =>
      expect(lastBody('PUT', '/api/auth/profile')).toEqual({
        name: 'Ana Souza Lima',
        email: 'ana@rifaria.com.br',
        cpf: '52998224725',
        phone: '11987654321',
      }),
    );
    expect(await screen.findByText('Dados salvos com sucesso!')).toBeInTheDocument();
    expect(useToastStore.getState().toasts[0]?.duration).toBe(5_000);
    // The shell's menu reads the session user: it shows the new name, and the header follows.
    expect(useSession.getState().user?.name).toBe('Ana Souza Lima');
    expect(screen.getByText('AL')).toBeInTheDocument();
  });

  it('should check the fields with the shared rules before sending', async () => {
    profileServer({ user: profileUser({ cpf: null, phone: null }) });
    const { user } = renderAt('/perfil');
    await screen.findByDisplayValue('Ana Paula Souza');
    await user.clear(field('Nome completo'));
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'ana@');
    await user.type(field('CPF'), '123');
    await user.click(save());
    expect(screen.getByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('E-mail inválido')).toBeInTheDocument();
    expect(screen.getByText('CPF deve ter 11 dígitos')).toBeInTheDocument();
    expect(screen.getByText('Telefone é obrigatório')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
    // An error goes as soon as its field is edited.
    await user.type(field('Nome completo'), 'A');
    expect(screen.queryByText('Nome é obrigatório')).not.toBeInTheDocument();
  });

  it("should say 'Erro ao salvar dados. Tente novamente.' and put the server's reasons under their fields", async () => {
    profileServer();
    server.on('PUT', '/api/auth/profile', () =>
      refused('Dados inválidos', { email: ['Este e-mail já está em uso por outra conta.'] }),
    );
    const { user } = renderAt('/perfil');
    await screen.findByDisplayValue('Ana Paula Souza');
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'bia@rifaria.com.br');
    await user.click(save());
    expect(await screen.findByText('Erro ao salvar dados. Tente novamente.')).toBeInTheDocument();
    expect(field('E-mail')).toHaveAccessibleDescription('Este e-mail já está em uso por outra conta.');
    expect(toastTexts()).toEqual([]);
    expect(useSession.getState().user?.name).toBe('Ana Paula Souza');
  });

  it('should say the generic failure on a server error too', async () => {
    profileServer();
    server.on('PUT', '/api/auth/profile', () => reply(500, { success: false, message: 'Erro interno' }));
    const { user } = renderAt('/perfil');
    await screen.findByDisplayValue('Ana Paula Souza');
    await user.click(save());
    expect(await screen.findByText('Erro ao salvar dados. Tente novamente.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/auth/profile')).toHaveLength(1);
  });

  it('should lock the CPF while an active wallet exists, and still send it', async () => {
    profileServer({ wallets: [activeWallet] });
    server.on('PUT', '/api/auth/profile', () => ({ success: true, user: profileUser() }));
    const { user } = renderAt('/perfil');
    await screen.findByDisplayValue('Ana Paula Souza');
    await waitFor(() => expect(field('CPF')).toBeDisabled());
    expect(field('CPF')).toHaveValue('529.982.247-25');
    expect(field('CPF')).toHaveAccessibleDescription('O CPF não pode ser alterado enquanto houver uma carteira ativa.');
    expect(field('E-mail')).toBeEnabled();
    await user.click(save());
    await waitFor(() => expect(lastBody('PUT', '/api/auth/profile')).toMatchObject({ cpf: '52998224725' }));
  });

  it('should keep the CPF editable when the wallet is only in review', async () => {
    profileServer({ wallets: [{ ...activeWallet, is_active: false, status: 'in_review' }] });
    renderAt('/perfil');
    await screen.findByDisplayValue('Ana Paula Souza');
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets')).toHaveLength(1));
    expect(field('CPF')).toBeEnabled();
  });

  it('should lock a verified e-mail', async () => {
    profileServer({ user: profileUser({ email_verified_at: '2026-11-02T10:00:00Z' }) });
    renderAt('/perfil');
    await screen.findByDisplayValue('Ana Paula Souza');
    expect(field('E-mail')).toBeDisabled();
    expect(field('E-mail')).toHaveAccessibleDescription('O e-mail verificado não pode ser alterado.');
    expect(field('CPF')).toBeEnabled();
  });
});

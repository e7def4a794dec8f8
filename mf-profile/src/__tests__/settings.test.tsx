import { screen, waitFor, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import type { AccountSettings } from '@rifaria/shared/types';
import { useToastStore } from '@rifaria/shared/ui';
import { accountSettings, lastBody, refused, signIn } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile({ beforeEach: () => signIn() });

const ALL_ON = { purchase_reserved: true, payment_confirmed: true, reservation_expired: true, draw_result: true };
const save = () => screen.getByRole('button', { name: 'Salvar configurações' });
const whatsappGroup = () => screen.getByRole('radiogroup', { name: 'WhatsApp nas páginas públicas' });

/** GET answers `settings`; PUT stores what it gets and answers like the API (effective from the saved values). */
function settingsServer(settings: AccountSettings = accountSettings()) {
  let stored = settings;
  server.on('GET', '/api/auth/settings', () => ({ success: true, data: stored }));
  server.on('PUT', '/api/auth/settings', ({ body }) => {
    const sent = body as Pick<AccountSettings, 'public_name' | 'public_whatsapp' | 'notifications'>;
    stored = {
      ...stored,
      ...sent,
      effective: { name: sent.public_name ?? 'Ana Paula Souza', whatsapp: sent.public_whatsapp },
    };
    return { success: true, message: 'Configurações salvas com sucesso!', data: stored };
  });
}

describe("/configuracoes 'Configurações'", () => {
  it("should show what public pages show, the account's name as the default and every message on", async () => {
    settingsServer();
    renderAt('/configuracoes');
    expect(screen.getByRole('heading', { name: 'Configurações' })).toBeInTheDocument();
    expect(screen.getByLabelText('Carregando configurações')).toBeInTheDocument();

    expect(await screen.findByText('Nas páginas públicas: Ana Paula Souza · WhatsApp não exibido')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Nome nas páginas públicas' });
    expect(name).toHaveValue('');
    expect(name).toHaveAttribute('placeholder', 'Ana Paula Souza');
    expect(name).toHaveAccessibleDescription('Em branco, usamos o nome da conta: Ana Paula Souza');
    expect(within(whatsappGroup()).getByRole('radio', { name: 'Não exibir WhatsApp' })).toBeChecked();
    expect(
      within(whatsappGroup()).getByRole('radio', { name: 'Telefone da conta: (11) 98765-4321' }),
    ).not.toBeChecked();
    for (const title of ['Reserva criada', 'Pagamento confirmado', 'Reserva expirada', 'Resultado do sorteio']) {
      expect(screen.getByRole('switch', { name: title })).toBeChecked();
    }
    expect(screen.getByRole('switch', { name: 'Pagamento confirmado' })).toHaveAccessibleDescription(
      'Os números da sorte do comprador.',
    );
    // No instance connected: the way to connect one.
    expect(screen.getByRole('link', { name: 'Conectar um WhatsApp' })).toHaveAttribute('href', '/whatsapp');
  });

  it("should save the public name, the account's phone and the messages, then preview and toast", async () => {
    settingsServer();
    const { user } = renderAt('/configuracoes');
    const name = await screen.findByRole('textbox', { name: 'Nome nas páginas públicas' });
    await user.type(name, '  Rifas da Ana ');
    await user.click(within(whatsappGroup()).getByRole('radio', { name: 'Telefone da conta: (11) 98765-4321' }));
    await user.click(screen.getByRole('switch', { name: 'Reserva expirada' }));
    await user.click(save());

    await waitFor(() =>
      expect(lastBody('PUT', '/api/auth/settings')).toEqual({
        public_name: 'Rifas da Ana',
        public_whatsapp: '11987654321',
        notifications: { ...ALL_ON, reservation_expired: false },
      }),
    );
    expect(
      await screen.findByText('Nas páginas públicas: Rifas da Ana · WhatsApp (11) 98765-4321'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Configurações salvas com sucesso!')).toBeInTheDocument();
    expect(useToastStore.getState().toasts[0]?.duration).toBe(5_000);
    expect(screen.getByRole('switch', { name: 'Reserva expirada' })).not.toBeChecked();
    // The account's name still explains the empty field.
    expect(screen.getByRole('textbox', { name: 'Nome nas páginas públicas' })).toHaveAccessibleDescription(
      'Em branco, usamos o nome da conta: Ana Paula Souza',
    );
  });

  it("should offer a connected instance's phone and say which one is chosen", async () => {
    settingsServer(
      accountSettings({
        public_whatsapp: '21998887777',
        effective: { name: 'Ana Paula Souza', whatsapp: '21998887777' },
        suggestions: { account_phone: '11987654321', instance_phones: ['21998887777', '11987654321'] },
      }),
    );
    const { user } = renderAt('/configuracoes');
    const instance = await screen.findByRole('radio', { name: 'WhatsApp conectado: (21) 99888-7777' });
    expect(instance).toBeChecked();
    // The account's phone is offered once, even when an instance uses it too.
    expect(within(whatsappGroup()).getAllByRole('radio')).toHaveLength(4);
    expect(screen.queryByRole('link', { name: 'Conectar um WhatsApp' })).not.toBeInTheDocument();
    await user.click(within(whatsappGroup()).getByRole('radio', { name: 'Não exibir WhatsApp' }));
    await user.click(save());
    await waitFor(() => expect(lastBody('PUT', '/api/auth/settings')).toMatchObject({ public_whatsapp: null }));
    expect(await screen.findByText('Nas páginas públicas: Ana Paula Souza · WhatsApp não exibido')).toBeInTheDocument();
  });

  it('should take another number, masked, sent as digits, and refuse an empty or short one', async () => {
    settingsServer();
    const { user } = renderAt('/configuracoes');
    await user.click(await screen.findByRole('radio', { name: 'Outro número' }));
    const other = screen.getByRole('textbox', { name: 'Número do WhatsApp' });
    await user.click(save());
    expect(other).toHaveAccessibleDescription('Telefone inválido');
    await user.type(other, '3198');
    await user.click(save());
    expect(other).toHaveAccessibleDescription('Telefone inválido');
    expect(server.callsTo('PUT', '/api/auth/settings')).toHaveLength(0);

    await user.type(other, '7654321');
    expect(other).toHaveValue('(31) 98765-4321');
    await user.click(save());
    await waitFor(() =>
      expect(lastBody('PUT', '/api/auth/settings')).toMatchObject({ public_whatsapp: '31987654321' }),
    );
  });

  it('should open with a typed-in number under "Outro número"', async () => {
    settingsServer(
      accountSettings({ public_whatsapp: '31987654321', effective: { name: 'Ana', whatsapp: '31987654321' } }),
    );
    renderAt('/configuracoes');
    expect(await screen.findByRole('radio', { name: 'Outro número' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Número do WhatsApp' })).toHaveValue('(31) 98765-4321');
  });

  it("should say the save failed and put the server's reasons under their fields", async () => {
    settingsServer();
    server.on('PUT', '/api/auth/settings', () =>
      refused('Dados inválidos', { public_name: ['Nome deve ter no máximo 120 caracteres'] }),
    );
    const { user } = renderAt('/configuracoes');
    await user.type(await screen.findByRole('textbox', { name: 'Nome nas páginas públicas' }), 'Rifas');
    await user.click(save());
    expect(await screen.findByText('Erro ao salvar configurações. Tente novamente.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome nas páginas públicas' })).toHaveAccessibleDescription(
      'Nome deve ter no máximo 120 caracteres',
    );
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it("should offer 'Tentar novamente' when the settings do not load", async () => {
    let fail = true;
    settingsServer();
    server.on('GET', '/api/auth/settings', () =>
      fail ? reply(404, { success: false }) : { success: true, data: accountSettings() },
    );
    const { user } = renderAt('/configuracoes');
    expect(await screen.findByText('Erro ao carregar configurações.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Salvar configurações' })).toBeInTheDocument();
  });
});

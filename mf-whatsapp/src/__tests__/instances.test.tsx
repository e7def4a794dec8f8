import { act, screen, waitFor, within } from '@testing-library/react';
import { browser, mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import {
  connecting,
  instance,
  instancesServer,
  messagesServer,
  QR_1,
  refused,
  toastTexts,
  UNAVAILABLE,
  unavailable,
} from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile({ beforeEach: () => messagesServer() });

const card = (name: string) => screen.findByRole('article', { name });

describe('GET /whatsapp/instances (the list)', () => {
  it('should show a skeleton while loading, then each instance with its phone, status and default badge', async () => {
    let answer: (value: unknown) => void = () => undefined;
    server.on('GET', '/whatsapp/instances', () => new Promise((resolve) => (answer = resolve)));
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Instâncias do WhatsApp' })).toBeInTheDocument();
    expect(screen.getByLabelText('Carregando instâncias')).toHaveAttribute('aria-busy', 'true');

    await waitFor(() => expect(server.callsTo('GET', '/whatsapp/instances')).toHaveLength(1));
    answer({
      success: true,
      data: [
        instance(),
        instance({ id: 'i2', instance_name: 'loja-bairro', phone_number: '2134567890', is_default: false }),
        connecting({ id: 'i3', instance_name: 'filial', phone_number: '31998765432' }),
        instance({ id: 'i4', instance_name: 'antiga', status: 'disconnected', is_default: false }),
        instance({ id: 'i5', instance_name: 'com-falha', status: 'error', is_default: false }),
      ],
    });

    const main = await card('loja-centro');
    expect(screen.queryByLabelText('Carregando instâncias')).not.toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: 'loja-centro' })).toBeInTheDocument();
    expect(within(main).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(main).getByText('Conectado')).toBeInTheDocument();
    expect(within(main).getByText('Padrão')).toBeInTheDocument();

    const other = await card('loja-bairro');
    expect(within(other).getByText('(21) 3456-7890')).toBeInTheDocument();
    expect(within(other).queryByText('Padrão', { selector: '.MuiChip-label' })).not.toBeInTheDocument();
    expect(within(await card('filial')).getByText('Conectando')).toBeInTheDocument();
    expect(within(await card('antiga')).getByText('Desconectado')).toBeInTheDocument();
    expect(within(await card('com-falha')).getByText('Erro')).toBeInTheDocument();
  });

  it('should offer the actions each status allows', async () => {
    instancesServer(
      instance(),
      instance({ id: 'i2', instance_name: 'loja-bairro', is_default: false }),
      connecting({ id: 'i3', instance_name: 'filial' }),
      instance({ id: 'i4', instance_name: 'antiga', status: 'disconnected', is_default: false }),
      instance({ id: 'i5', instance_name: 'com-falha', status: 'error', is_default: false }),
    );
    renderAt();
    const names = async (name: string) =>
      within(await card(name))
        .getAllByRole('button')
        .map((button) => button.textContent);

    expect(await names('loja-centro')).toEqual(['Desconectar', 'Deletar']);
    expect(await names('loja-bairro')).toEqual(['Desconectar', 'Padrão', 'Deletar']);
    expect(await names('filial')).toEqual(['Ver QR Code', 'Deletar']);
    expect(await names('antiga')).toEqual(['Conectar', 'Deletar']);
    expect(await names('com-falha')).toEqual(['Conectar', 'Deletar']);
  });

  it('should explain why to connect WhatsApp when there is no instance, with a create button', async () => {
    instancesServer();
    const { user } = renderAt();
    const empty = await screen.findByRole('region', { name: 'Conecte o seu WhatsApp' });
    expect(within(empty).getByText(/mensagens automáticas aos seus compradores/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar mensagem de teste' })).not.toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: 'Nova instância' }));
    expect(await screen.findByRole('dialog', { name: 'Nova instância' })).toBeInTheDocument();
  });

  it('should show the load error with "Tentar novamente", which loads the list again', async () => {
    server.on('GET', '/whatsapp/instances', () => reply(400, { success: false }));
    const { user } = renderAt();
    expect(await screen.findByText('Erro ao carregar instâncias.')).toBeInTheDocument();

    instancesServer(instance());
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await card('loja-centro')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar instâncias.')).not.toBeInTheDocument();
  });

  it('should show the server message of a failed load (503)', async () => {
    server.on('GET', '/whatsapp/instances', unavailable);
    renderAt();
    expect(await screen.findByText(UNAVAILABLE, {}, { timeout: 8_000 })).toBeInTheDocument();
  }, 15_000);

  it('should read the list again every 5 s while an instance is connecting, until it is connected', async () => {
    jest.useFakeTimers();
    let current = connecting();
    server.on('GET', '/whatsapp/instances', () => ({ success: true, data: [current] }));
    renderAt();
    expect(within(await card('loja-centro')).getByText('Conectando')).toBeInTheDocument();
    const reads = () => server.callsTo('GET', '/whatsapp/instances').length;

    await act(async () => void jest.advanceTimersByTime(4_999));
    expect(reads()).toBe(1);
    current = instance();
    await act(async () => void jest.advanceTimersByTime(1));
    expect(reads()).toBe(2);
    expect(await within(await card('loja-centro')).findByText('Conectado')).toBeInTheDocument();
    await act(async () => void jest.advanceTimersByTime(20_000));
    expect(reads()).toBe(2);
  });

  it('should disable "Nova instância" at 5 instances', async () => {
    instancesServer(
      ...[1, 2, 3, 4, 5].map((n) => instance({ id: `i${n}`, instance_name: `loja-${n}`, is_default: n === 1 })),
    );
    renderAt();
    await card('loja-5');
    expect(screen.getByRole('button', { name: 'Nova instância' })).toBeDisabled();
  });
});

describe('POST /whatsapp/instances/{id}/connect, /disconnect and /set-default', () => {
  it('should connect a disconnected instance and open its QR code', async () => {
    instancesServer(instance({ status: 'disconnected', is_default: false }));
    server.on('POST', '/whatsapp/instances/:id/connect', () => ({
      success: true,
      message: 'Escaneie o QR Code com o WhatsApp do celular.',
      data: connecting(),
    }));
    server.on('GET', '/whatsapp/instances/:id', () => ({ success: true, data: connecting() }));
    const { user } = renderAt();
    await user.click(within(await card('loja-centro')).getByRole('button', { name: 'Conectar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Conectar WhatsApp' });
    expect(server.callsTo('POST', '/whatsapp/instances/i1/connect')).toHaveLength(1);
    expect(within(dialog).getByRole('img', { name: 'QR Code para conectar o WhatsApp' })).toHaveAttribute('src', QR_1);
    expect(toastTexts()).toEqual(['Escaneie o QR Code com o WhatsApp do celular.']);
  });

  it('should open the QR code of a connecting instance again with "Ver QR Code"', async () => {
    instancesServer(connecting());
    server.on('GET', '/whatsapp/instances/:id', () => ({ success: true, data: connecting() }));
    const { user } = renderAt();
    await user.click(within(await card('loja-centro')).getByRole('button', { name: 'Ver QR Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar WhatsApp' });
    expect(within(dialog).getByRole('img', { name: 'QR Code para conectar o WhatsApp' })).toHaveAttribute('src', QR_1);
    expect(server.callsTo('POST', '/whatsapp/instances/:id/connect')).toHaveLength(0);
  });

  it('should toast the refusal of an already connected instance and read the list again', async () => {
    instancesServer(instance({ status: 'disconnected', is_default: false }));
    server.on('POST', '/whatsapp/instances/:id/connect', () => refused('Esta instância já está conectada.'));
    const { user } = renderAt();
    await user.click(within(await card('loja-centro')).getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Esta instância já está conectada.']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/whatsapp/instances')).toHaveLength(2));
  });

  it('should disconnect, toast the server message and show the new status', async () => {
    let current = instance();
    server.on('GET', '/whatsapp/instances', () => ({ success: true, data: [current] }));
    server.on('POST', '/whatsapp/instances/:id/disconnect', () => {
      current = instance({ status: 'disconnected' });
      return { success: true, message: 'Instância desconectada.', data: current };
    });
    const { user } = renderAt();
    await user.click(within(await card('loja-centro')).getByRole('button', { name: 'Desconectar' }));
    expect(await within(await card('loja-centro')).findByText('Desconectado')).toBeInTheDocument();
    expect(server.callsTo('POST', '/whatsapp/instances/i1/disconnect')).toHaveLength(1);
    expect(toastTexts()).toEqual(['Instância desconectada.']);
    expect(within(await card('loja-centro')).getByRole('button', { name: 'Conectar' })).toBeInTheDocument();
  });

  it('should set another instance as default, moving the badge', async () => {
    let defaultId = 'i1';
    const list = () => [
      instance({ is_default: defaultId === 'i1' }),
      instance({ id: 'i2', instance_name: 'loja-bairro', is_default: defaultId === 'i2' }),
    ];
    server.on('GET', '/whatsapp/instances', () => ({ success: true, data: list() }));
    server.on('POST', '/whatsapp/instances/:id/set-default', ({ params }) => {
      defaultId = params.id!;
      return { success: true, message: 'Instância definida como padrão.', data: list()[1] };
    });
    const { user } = renderAt();
    await user.click(within(await card('loja-bairro')).getByRole('button', { name: 'Padrão' }));

    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'loja-bairro' })).getByText('Padrão')).toBeInTheDocument(),
    );
    expect(server.callsTo('POST', '/whatsapp/instances/i2/set-default')).toHaveLength(1);
    expect(toastTexts()).toEqual(['Instância definida como padrão.']);
    const main = screen.getByRole('article', { name: 'loja-centro' });
    expect(within(main).getByRole('button', { name: 'Padrão' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'loja-bairro' })).queryByRole('button', { name: 'Padrão' }),
    ).toBeNull();
  });

  it('should toast the 503 message when the WhatsApp service does not answer', async () => {
    instancesServer(instance());
    server.on('POST', '/whatsapp/instances/:id/disconnect', unavailable);
    const { user } = renderAt();
    await user.click(within(await card('loja-centro')).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() => expect(toastTexts()).toEqual([UNAVAILABLE]));
    expect(within(await card('loja-centro')).getByText('Conectado')).toBeInTheDocument();
  });

  it('should say the service did not answer on a 503 without a message', async () => {
    instancesServer(instance({ is_default: false }));
    server.on('POST', '/whatsapp/instances/:id/set-default', () => reply(503));
    const { user } = renderAt();
    await user.click(within(await card('loja-centro')).getByRole('button', { name: 'Padrão' }));
    await waitFor(() => expect(toastTexts()).toEqual([UNAVAILABLE]));
  });
});

describe('DELETE /whatsapp/instances/{id}', () => {
  it('should ask first, and do nothing when cancelled', async () => {
    instancesServer(instance());
    const { user } = renderAt();
    await user.click(within(await card('loja-centro')).getByRole('button', { name: 'Deletar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deletar instância' });
    expect(within(dialog).getByText('Tem certeza que deseja deletar esta instância?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/whatsapp/instances/:id')).toHaveLength(0);
    // The dialog's history entry went with it: Back leaves the page.
    await browser.back();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it('should delete after the confirmation, toast and drop it from the list', async () => {
    let list = [instance(), instance({ id: 'i2', instance_name: 'loja-bairro', is_default: false })];
    server.on('GET', '/whatsapp/instances', () => ({ success: true, data: list }));
    server.on('DELETE', '/whatsapp/instances/:id', ({ params }) => {
      list = list.filter((item) => item.id !== params.id);
      return { success: true, message: 'Instância removida.' };
    });
    const { user } = renderAt();
    await user.click(within(await card('loja-bairro')).getByRole('button', { name: 'Deletar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deletar instância' });
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'loja-bairro' })).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/whatsapp/instances/i2')).toHaveLength(1);
    expect(toastTexts()).toEqual(['Instância removida.']);
    expect(screen.getByRole('article', { name: 'loja-centro' })).toBeInTheDocument();
  });

  it('should keep the confirmation open with the server message when the delete fails', async () => {
    instancesServer(instance());
    server.on('DELETE', '/whatsapp/instances/:id', unavailable);
    const { user } = renderAt();
    await user.click(within(await card('loja-centro')).getByRole('button', { name: 'Deletar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deletar instância' });
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    expect(await within(dialog).findByText(UNAVAILABLE)).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/whatsapp/instances/i1')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await card('loja-centro')).toBeInTheDocument();
  });
});

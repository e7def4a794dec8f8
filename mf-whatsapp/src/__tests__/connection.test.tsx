import { act, screen, waitFor, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import {
  connecting,
  instance,
  instancesServer,
  messagesServer,
  QR_1,
  QR_2,
  refused,
  toastTexts,
  unavailable,
} from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile({ beforeEach: () => messagesServer() });

const QR_ALT = 'QR Code para conectar o WhatsApp';

async function openNewInstance() {
  instancesServer(instance({ id: 'i0', instance_name: 'existente' }));
  const rendered = renderAt();
  await rendered.user.click(await screen.findByRole('button', { name: 'Nova instância' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nova instância' });
  return { ...rendered, dialog };
}

const nameField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Nome da instância' });
const phoneField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Número do WhatsApp' });

describe('POST /whatsapp/instances (new-instance dialog)', () => {
  it('should show the schema messages and send nothing while the form is invalid', async () => {
    const { user, dialog } = await openNewInstance();
    await user.click(within(dialog).getByRole('button', { name: 'Criar e conectar' }));
    expect(nameField(dialog)).toHaveAccessibleDescription('Nome da instância é obrigatório');
    expect(phoneField(dialog)).toHaveAccessibleDescription('Telefone é obrigatório');
    expect(within(dialog).getByRole('button', { name: 'Criar e conectar' })).toBeDisabled();

    await user.type(nameField(dialog), 'a b');
    await waitFor(() =>
      expect(nameField(dialog)).toHaveAccessibleDescription('Use de 3 a 40 letras, números, hífen ou sublinhado'),
    );
    await user.type(phoneField(dialog), '1234');
    await waitFor(() => expect(phoneField(dialog)).toHaveAccessibleDescription('Telefone inválido'));
    expect(server.callsTo('POST', '/whatsapp/instances')).toHaveLength(0);
  });

  it('should mask the phone as typed, send digits, and turn into the QR code of the new instance', async () => {
    server.on('POST', '/whatsapp/instances', () =>
      reply(201, {
        success: true,
        message: 'Instância criada. Escaneie o QR Code para conectar.',
        data: connecting({ id: 'i9', instance_name: 'loja-nova' }),
      }),
    );
    server.on('GET', '/whatsapp/instances/:id', () => ({
      success: true,
      data: connecting({ id: 'i9', instance_name: 'loja-nova' }),
    }));
    const { user, dialog } = await openNewInstance();
    await user.type(nameField(dialog), 'loja-nova');
    await user.type(phoneField(dialog), '11987654321');
    expect(phoneField(dialog)).toHaveValue('(11) 98765-4321');
    await user.click(within(dialog).getByRole('button', { name: 'Criar e conectar' }));

    const qr = await screen.findByRole('dialog', { name: 'Conectar WhatsApp' });
    expect(server.callsTo('POST', '/whatsapp/instances')[0]!.body).toEqual({
      instance_name: 'loja-nova',
      phone_number: '11987654321',
    });
    expect(within(qr).getByRole('img', { name: QR_ALT })).toHaveAttribute('src', QR_1);
    expect(within(qr).getByText('loja-nova')).toBeInTheDocument();
    expect(within(qr).getByText(/Aparelhos conectados/)).toBeInTheDocument();
    expect(within(qr).getByText(/Conectar aparelho/)).toBeInTheDocument();
    expect(toastTexts()).toEqual(['Instância criada. Escaneie o QR Code para conectar.']);
    await waitFor(() => expect(server.callsTo('GET', '/whatsapp/instances')).toHaveLength(2));
  });

  it('should put the 422 lists under their fields and clear one when its field is edited', async () => {
    server.on('POST', '/whatsapp/instances', () =>
      refused('Dados inválidos.', {
        instance_name: ['Você já tem uma instância com este nome.'],
        phone_number: ['Telefone inválido', 'outro'],
      }),
    );
    const { user, dialog } = await openNewInstance();
    await user.type(nameField(dialog), 'existente');
    await user.type(phoneField(dialog), '11987654321');
    await user.click(within(dialog).getByRole('button', { name: 'Criar e conectar' }));

    await waitFor(() =>
      expect(nameField(dialog)).toHaveAccessibleDescription('Você já tem uma instância com este nome.'),
    );
    expect(nameField(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(phoneField(dialog)).toHaveAccessibleDescription('Telefone inválido');
    expect(within(dialog).queryByText('Erro ao criar instância')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nova instância' })).toBeInTheDocument();

    await user.type(nameField(dialog), '2');
    expect(nameField(dialog)).not.toHaveAccessibleDescription('Você já tem uma instância com este nome.');
  });

  it('should say "Erro ao criar instância" when the server gives no field errors', async () => {
    server.on('POST', '/whatsapp/instances', () => reply(500, { success: false }));
    const { user, dialog } = await openNewInstance();
    await user.type(nameField(dialog), 'loja-nova');
    await user.type(phoneField(dialog), '11987654321');
    await user.click(within(dialog).getByRole('button', { name: 'Criar e conectar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erro ao criar instância');

    server.on('POST', '/whatsapp/instances', unavailable);
    await user.click(within(dialog).getByRole('button', { name: 'Criar e conectar' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Erro ao criar instânciaO serviço de WhatsApp não respondeu. Tente novamente em instantes.',
      ),
    );
  });
});

describe('QR code dialog (GET /whatsapp/instances/{id} every 2 s)', () => {
  /** /whatsapp with a connecting instance whose QR dialog is open ('Ver QR Code'), on fake timers. */
  async function openQr(answers: () => unknown, listed = connecting(), name = 'loja-centro') {
    jest.useFakeTimers();
    instancesServer(listed);
    server.on('GET', '/whatsapp/instances/:id', answers);
    const rendered = renderAt('/whatsapp', { advanceTimers: jest.advanceTimersByTime });
    const card = await screen.findByRole('article', { name });
    await rendered.user.click(within(card).getByRole('button', { name: 'Ver QR Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar WhatsApp' });
    return { ...rendered, dialog };
  }
  const polls = () => server.callsTo('GET', '/whatsapp/instances/i1').length;
  const advance = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

  it('should poll every 2 s, show a new QR code, then close with a toast once connected', async () => {
    let state = connecting();
    const { dialog } = await openQr(() => ({ success: true, data: state }));
    expect(within(dialog).getByRole('img', { name: QR_ALT })).toHaveAttribute('src', QR_1);

    await advance(1_999);
    expect(polls()).toBe(0);
    await advance(1);
    expect(polls()).toBe(1);

    state = connecting({ qr_code: QR_2 });
    await advance(2_000);
    expect(polls()).toBe(2);
    await waitFor(() => expect(within(dialog).getByRole('img', { name: QR_ALT })).toHaveAttribute('src', QR_2));

    state = instance({ is_default: true });
    instancesServer(state);
    await advance(2_000);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastTexts()).toEqual(['WhatsApp conectado! / A instância loja-centro já pode enviar mensagens.']);
    expect(await within(screen.getByRole('article', { name: 'loja-centro' })).findByText('Conectado')).toBeTruthy();

    const after = polls();
    await advance(10_000);
    expect(polls()).toBe(after);
  });

  it('should keep polling after a failed poll', async () => {
    let fail = true;
    await openQr(() => (fail ? reply(500, { success: false }) : { success: true, data: connecting() }));
    await advance(2_000);
    expect(polls()).toBe(1);
    fail = false;
    await advance(2_000);
    expect(polls()).toBe(2);
  });

  it('should stop polling when closed', async () => {
    const { user, dialog } = await openQr(() => ({ success: true, data: connecting() }));
    await advance(2_000);
    expect(polls()).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await advance(10_000);
    expect(polls()).toBe(1);
  });

  it('should show the error state on "error", stop polling, and start again with a new QR code', async () => {
    let state = instance({ status: 'error', is_default: false, qr_code: null });
    const { user, dialog } = await openQr(() => ({ success: true, data: state }));
    await advance(2_000);
    expect(
      await within(dialog).findByText('Não foi possível conectar o WhatsApp. Gere um novo QR Code e tente de novo.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: QR_ALT })).not.toBeInTheDocument();
    await advance(10_000);
    expect(polls()).toBe(1);

    state = connecting({ qr_code: QR_2 });
    server.on('POST', '/whatsapp/instances/:id/connect', () => ({
      success: true,
      message: 'Escaneie o QR Code com o WhatsApp do celular.',
      data: state,
    }));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar novo QR Code' }));
    expect(await within(dialog).findByRole('img', { name: QR_ALT })).toHaveAttribute('src', QR_2);
    await advance(2_000);
    expect(polls()).toBe(2);
  });

  it('should show a bare base64 QR code as a PNG, and a spinner while there is none yet', async () => {
    let state = connecting({ qr_code: null });
    const { dialog } = await openQr(() => ({ success: true, data: state }), state);
    expect(within(dialog).getByRole('progressbar', { name: 'Gerando QR Code...' })).toBeInTheDocument();
    state = connecting({ qr_code: 'iVBORw0KGgo=' });
    await advance(2_000);
    expect(await within(dialog).findByRole('img', { name: QR_ALT })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  it('should wrap a long instance name in the card and in the dialog instead of overflowing', async () => {
    const name = 'loja_centro_da_zona_norte_de_sao_paulo_1';
    const long = connecting({ instance_name: name });
    const { dialog } = await openQr(() => ({ success: true, data: long }), long, name);
    // The card is behind the modal (aria-hidden), hence hidden: true.
    expect(screen.getByRole('heading', { name, level: 2, hidden: true })).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(within(dialog).getByRole('heading', { name: 'Conectar WhatsApp' })).toHaveStyle({
      overflowWrap: 'anywhere',
    });
    expect(within(dialog).getByText(name).closest('p')).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  it('should say so when the instance was deleted meanwhile', async () => {
    const { dialog } = await openQr(() => reply(404, { success: false, message: 'Instância não encontrada.' }));
    await advance(2_000);
    expect(await within(dialog).findByText('Instância não encontrada.')).toBeInTheDocument();
    await advance(10_000);
    expect(polls()).toBe(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { instance, instancesServer, message, messagesServer, toastTexts, unavailable } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile();

/** The server's test text (whatsappTestText), which the dialog shows and never sends. */
const serverText = (name: string) =>
  `Rifaria: esta é uma mensagem de teste da sua instância "${name}". Se ela chegou, o WhatsApp está pronto para avisar seus compradores automaticamente.`;

describe('POST /whatsapp/instances/{id}/test (test modal)', () => {
  async function openTest() {
    instancesServer(
      instance({ id: 'i1', instance_name: 'loja-centro', is_default: false }),
      instance({ id: 'i2', instance_name: 'loja-bairro', phone_number: '21987654321', is_default: true }),
      instance({ id: 'i3', instance_name: 'antiga', status: 'disconnected', is_default: false }),
    );
    messagesServer();
    const rendered = renderAt();
    await screen.findByRole('article', { name: 'loja-centro' });
    await rendered.user.click(screen.getByRole('button', { name: 'Enviar mensagem de teste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar mensagem de teste' });
    return { ...rendered, dialog };
  }
  const text = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Mensagem' });
  const choose = async (user: ReturnType<typeof renderAt>['user'], dialog: HTMLElement, option: string) => {
    await user.click(within(dialog).getByRole('combobox', { name: 'Enviar pela instância' }));
    await user.click(screen.getByRole('option', { name: option }));
  };

  it('should be disabled until an instance is connected', async () => {
    instancesServer(instance({ status: 'disconnected' }));
    messagesServer();
    renderAt();
    await screen.findByRole('article', { name: 'loja-centro' });
    expect(screen.getByRole('button', { name: 'Enviar mensagem de teste' })).toBeDisabled();
    expect(screen.getByText('Conecte uma instância para enviar uma mensagem de teste.')).toBeInTheDocument();
  });

  it("should offer the connected instances, the default chosen, and show the server's text and the instance's number", async () => {
    const { user, dialog } = await openTest();
    const select = within(dialog).getByRole('combobox', { name: 'Enviar pela instância' });
    expect(select).toHaveTextContent('loja-bairro · (21) 98765-4321');
    expect(text(dialog)).toHaveValue(serverText('loja-bairro'));
    expect(text(dialog)).toHaveAttribute('readonly');
    expect(
      within(dialog).getByText('A mensagem vai para o número da própria instância: (21) 98765-4321.'),
    ).toBeInTheDocument();
    // Neither a number nor words to type.
    expect(within(dialog).getAllByRole('textbox')).toEqual([text(dialog)]);

    await user.click(select);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['loja-centro · (11) 98765-4321', 'loja-bairro · (21) 98765-4321']);
    await user.click(screen.getByRole('option', { name: 'loja-centro · (11) 98765-4321' }));
    expect(text(dialog)).toHaveValue(serverText('loja-centro'));
    expect(
      within(dialog).getByText('A mensagem vai para o número da própria instância: (11) 98765-4321.'),
    ).toBeInTheDocument();
  });

  it('should send through the chosen instance without a body, toast, and read the sent messages again', async () => {
    server.on('POST', '/whatsapp/instances/:id/test', () => ({
      success: true,
      message: 'Mensagem de teste enviada!',
    }));
    const { user, dialog } = await openTest();
    await choose(user, dialog, 'loja-centro · (11) 98765-4321');
    const before = server.callsTo('GET', '/whatsapp/messages').length;
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const calls = server.callsTo('POST', '/whatsapp/instances/:id/test');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/whatsapp/instances/i1/test');
    expect(calls[0]!.body).toBeUndefined();
    expect(toastTexts()).toEqual(['Mensagem de teste enviada!']);
    await waitFor(() => expect(server.callsTo('GET', '/whatsapp/messages').length).toBe(before + 1));
  });

  it("should show the server's refusals above the form: the hourly limit, a provider down, anything else", async () => {
    const limit = 'Você já enviou o limite de mensagens de teste. Aguarde uma hora e tente novamente.';
    server.on('POST', '/whatsapp/instances/:id/test', () =>
      reply(429, { success: false, message: limit }, { 'retry-after': '3600' }),
    );
    const { user, dialog } = await openTest();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);

    server.on('POST', '/whatsapp/instances/:id/test', unavailable);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'O serviço de WhatsApp não respondeu. Tente novamente em instantes.',
      ),
    );

    server.on('POST', '/whatsapp/instances/:id/test', () => reply(500));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Erro ao enviar mensagem de teste.'),
    );
    expect(toastTexts()).toEqual([]);
  });
});

describe('GET /whatsapp/messages (Mensagens enviadas)', () => {
  const section = () => screen.findByRole('region', { name: 'Mensagens enviadas' });

  it('should list each message with its destination, kind, status, time and text', async () => {
    instancesServer(instance());
    messagesServer([
      message(),
      message({
        id: 'm2',
        kind: 'purchase_reserved',
        status: 'pending',
        sent_at: null,
        body_text: 'Reserva criada.\nPague com o Pix copia e cola.',
        formatted: { ...message().formatted, kind: 'Reserva criada', status: 'Pendente' },
      }),
      message({ id: 'm3', status: 'failed', sent_at: null }),
      message({ id: 'm4', status: 'skipped', sent_at: null }),
    ]);
    renderAt();
    const list = await within(await section()).findByRole('list', { name: 'Mensagens enviadas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [first, second, third, fourth] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveAccessibleName('Pagamento confirmado para +55 (11) 91234-5678');
    expect(within(first).getByText('+55 (11) 91234-5678')).toBeInTheDocument();
    expect(within(first).getByText('Pagamento confirmado')).toBeInTheDocument();
    expect(within(first).getByText('Enviada')).toBeInTheDocument();
    expect(within(first).getByText('21/11/2026 às 12:30')).toBeInTheDocument();
    expect(within(first).getByText('Pagamento confirmado! Seus números: 0042, 0043.')).toBeInTheDocument();
    expect(within(second).getByText('Pendente')).toBeInTheDocument();
    expect(within(second).getByText(/Pague com o Pix copia e cola/)).toBeInTheDocument();
    expect(within(third).getByText('Falhou')).toBeInTheDocument();
    expect(within(fourth).getByText('Ignorada')).toBeInTheDocument();
  });

  it('should show the empty state, and read the list again with "Atualizar"', async () => {
    instancesServer(instance());
    messagesServer();
    const { user } = renderAt();
    const region = await section();
    expect(await within(region).findByText(/Nenhuma mensagem enviada ainda/)).toBeInTheDocument();

    messagesServer([message()]);
    await user.click(within(region).getByRole('button', { name: 'Atualizar' }));
    expect(await within(region).findByText('Pagamento confirmado! Seus números: 0042, 0043.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/whatsapp/messages')).toHaveLength(2);
  });

  it('should show a load error with "Tentar novamente"', async () => {
    instancesServer(instance());
    server.on('GET', '/whatsapp/messages', () => reply(400, { success: false }));
    const { user } = renderAt();
    const region = await section();
    expect(await within(region).findByText('Erro ao carregar mensagens.')).toBeInTheDocument();
    messagesServer([message()]);
    await user.click(within(region).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(region).findByText('Enviada')).toBeInTheDocument();
  });

  it('should page to older messages when a page is full', async () => {
    instancesServer(instance());
    server.on('GET', '/whatsapp/messages', ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const data =
        page === 1
          ? Array.from({ length: 50 }, (_, n) => message({ id: `p1-${n}` }))
          : [message({ id: 'old', body_text: 'A mais antiga.' })];
      return { success: true, data };
    });
    const { user } = renderAt();
    const region = await section();
    await within(region).findAllByText('Enviada');
    expect(within(region).getByRole('button', { name: 'Mais recentes' })).toBeDisabled();
    await user.click(within(region).getByRole('button', { name: 'Mais antigas' }));
    expect(await within(region).findByText('A mais antiga.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Mais antigas' })).toBeDisabled();
    expect(server.callsTo('GET', '/whatsapp/messages').map((call) => call.url.search)).toEqual(['?page=1', '?page=2']);
  });
});

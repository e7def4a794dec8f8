import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiNavigate } from '@rifaria/shared/api-client';
import { browser, DRAW_TYPES_REPLY, mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { CampaignWizard } from '../features/list/components/campaign-wizard';
import { activeWallet, campaign, listReply, renderAt, renderList, toastTexts, walletsReply } from '../testing/fixtures';

mockFetchForFile();

// Four steps filled through real user events take a few seconds on the shared CI cores.
jest.setTimeout(30_000);

type User = ReturnType<typeof userEvent.setup>;

/** Types a whole value at once (one change event, like a paste): the masks still run on it. */
async function fill(user: User, label: string, text: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.paste(text);
}

/** A step title of the stepper (MUI's StepButton is a tab of the step list). */
const stepTitle = (title: string) => screen.getByRole('tab', { name: title });

function baseServer(wallets: unknown[] = [activeWallet()]) {
  server.on('GET', '/api/campaign_draw_types', () => DRAW_TYPES_REPLY);
  server.on('GET', '/api/user-wallets', () => walletsReply(wallets));
}

function renderWizard() {
  const onClose = jest.fn();
  const onCreated = jest.fn();
  const view = renderAt('/campanhas', {
    element: <CampaignWizard open onClose={onClose} onCreated={onCreated} />,
  });
  return { ...view, onClose, onCreated };
}

const next = () => screen.getByRole('button', { name: 'Próximo' });

async function fillStepOne(user: User) {
  await fill(user, 'Nome da campanha', 'Rifa do Carro');
  await fill(user, 'Quantidade de tickets', '10000');
  await fill(user, 'Valor do ticket', '1250');
  await user.click(screen.getByRole('combobox', { name: 'Tipo de sorteio' }));
  await user.click(await screen.findByRole('option', { name: 'Sorteio Rifaria' }));
}

/** Step 1 filled and one prize named: the wizard on the rules step. */
async function toRulesStep(user: User, prize: string) {
  await fillStepOne(user);
  await user.click(next());
  await fill(user, 'Nome do 1º prêmio', prize);
  await user.click(next());
}

/** Steps 2 and 3 (two prizes, the rules), ending on the wallet step. */
async function fillPrizesAndRules(user: User) {
  await fill(user, 'Nome do 1º prêmio', 'Carro 0km');
  await fill(user, 'Valor do 1º prêmio (opcional)', '8000000');
  await user.click(screen.getByRole('button', { name: '+ Adicionar prêmio' }));
  await fill(user, 'Nome do 2º prêmio', 'Celular');
  await user.click(next());
  await fill(user, 'Regras', 'Sorteio pela Loteria Federal.');
  await user.click(next());
}

async function fillUpToWallet(user: User) {
  await fillStepOne(user);
  await user.click(next());
  await fillPrizesAndRules(user);
}

describe('New-campaign wizard', () => {
  it('should open at step 1 with only reached step titles clickable', async () => {
    baseServer();
    const { user } = renderWizard();
    expect(stepTitle('Campanha')).toBeEnabled();
    expect(stepTitle('Prêmios')).toBeDisabled();
    expect(stepTitle('Carteira')).toBeDisabled();
    expect(next()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeDisabled();

    await fillStepOne(user);
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(screen.getByLabelText('Nome do 1º prêmio')).toBeInTheDocument();
    await user.click(stepTitle('Campanha'));
    expect(screen.getByLabelText('Nome da campanha')).toHaveValue('Rifa do Carro');
    expect(stepTitle('Prêmios')).toBeEnabled();
    expect(stepTitle('Regras')).toBeDisabled();
  });

  it('should show step 1 messages 300 ms after typing and keep Próximo disabled', async () => {
    baseServer();
    const { user } = renderWizard();
    await fill(user, 'Nome da campanha', 'x');
    await user.clear(screen.getByLabelText('Nome da campanha'));
    await fill(user, 'Valor do ticket', '0');
    expect(await screen.findByText('Nome da campanha é obrigatório')).toBeInTheDocument();
    expect(await screen.findByText('Valor deve ser maior que 0')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('should keep digits only in the quantity, with thousands dots, up to 10.000.000', async () => {
    baseServer();
    const { user } = renderWizard();
    const quantity = screen.getByLabelText('Quantidade de tickets');
    await user.type(quantity, '1a0b00000');
    expect(quantity).toHaveValue('1.000.000');

    await user.clear(quantity);
    await user.type(quantity, '10000000');
    expect(quantity).toHaveValue('10.000.000');
    await waitFor(() => expect(screen.queryByText('Quantidade máxima é 10.000.000')).not.toBeInTheDocument());

    await user.type(quantity, '1');
    expect(quantity).toHaveValue('100.000.001');
    expect(await screen.findByText('Quantidade máxima é 10.000.000')).toBeInTheDocument();
  });

  it('should write the price with comma decimals', async () => {
    baseServer();
    const { user } = renderWizard();
    const price = screen.getByLabelText('Valor do ticket');
    await user.type(price, '123456');
    expect(price).toHaveValue('1.234,56');
  });

  it('should require a date and a time when the date box is ticked, without calling them wrong before typing', async () => {
    baseServer();
    const { user } = renderWizard();
    await fillStepOne(user);
    expect(next()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Já tenho data definida para o sorteio' }));
    expect(next()).toBeDisabled();
    // Past the 300 ms re-check: the empty inputs are not red yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByText('Data do sorteio é obrigatória')).not.toBeInTheDocument();
    expect(screen.queryByText('Hora do sorteio é obrigatória')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Data do sorteio' })).not.toHaveAttribute('aria-invalid', 'true');

    // After a first edit they are checked.
    await user.type(screen.getByRole('textbox', { name: 'Data do sorteio' }), '3112');
    expect(await screen.findByText('Data deve estar no formato DD/MM/AAAA')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Data do sorteio' }), '2099');
    await user.type(screen.getByRole('textbox', { name: 'Hora do sorteio' }), '2000');
    await waitFor(() => expect(next()).toBeEnabled());
    await waitFor(() => expect(screen.queryByText('Data deve estar no formato DD/MM/AAAA')).not.toBeInTheDocument());
  });

  it('should show the date and time as dd/mm/aaaa and HH:MM even when the browser is in English', async () => {
    const language = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('en-US');
    const languages = jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    try {
      baseServer();
      const { user } = renderWizard();
      await user.click(screen.getByRole('checkbox', { name: 'Já tenho data definida para o sorteio' }));
      const date = screen.getByRole('textbox', { name: 'Data do sorteio' });
      const time = screen.getByRole('textbox', { name: 'Hora do sorteio' });
      // Text inputs: no native picker in the browser's own language ('mm/dd/yyyy', '08:00 PM').
      expect(date).toHaveAttribute('placeholder', 'dd/mm/aaaa');
      expect(time).toHaveAttribute('placeholder', 'hh:mm');
      expect(date).toHaveAttribute('inputmode', 'numeric');
      expect(screen.getByText('Horário de Brasília')).toBeInTheDocument();
      await user.type(date, '31122099');
      await user.type(time, '2030');
      expect(date).toHaveValue('31/12/2099');
      expect(time).toHaveValue('20:30');
      await user.clear(time);
      await user.type(time, '8:00 PM');
      expect(time).toHaveValue('80:0');
      expect(await screen.findByText('Hora deve estar no formato HH:MM')).toBeInTheDocument();
    } finally {
      language.mockRestore();
      languages.mockRestore();
    }
  });

  it('should count the name in characters as a person sees them, with an n/120 counter that agrees', async () => {
    baseServer();
    const { user } = renderWizard();
    expect(screen.getByText('0/120')).toBeInTheDocument();
    await fill(user, 'Nome da campanha', 'Rifa 🎉' + '🇧🇷'.repeat(114));
    expect(screen.getByText('120/120')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByText('Nome da campanha deve ter no máximo 120 caracteres')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome da campanha'), '👨‍👩‍👧');
    expect(screen.getByText('121/120')).toBeInTheDocument();
    expect(await screen.findByText('Nome da campanha deve ter no máximo 120 caracteres')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('should show the draw types load failure', async () => {
    server.on('GET', '/api/campaign_draw_types', () => reply(400, { success: false }));
    server.on('GET', '/api/user-wallets', () => walletsReply());
    renderWizard();
    expect(await screen.findByText('Erro ao carregar tipos de sorteio. Tente novamente.')).toBeInTheDocument();
  });

  it('should add and remove prize rows, always keeping one', async () => {
    baseServer();
    const { user } = renderWizard();
    await fillStepOne(user);
    await user.click(next());

    expect(screen.getByRole('button', { name: 'Remover 1º prêmio' })).toBeDisabled();
    await fill(user, 'Nome do 1º prêmio', 'Carro');
    await user.click(screen.getByRole('button', { name: '+ Adicionar prêmio' }));
    // A row just added is empty, not wrong: no message until it is typed in.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByText('Nome do prêmio é obrigatório')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome do 2º prêmio')).not.toHaveAttribute('aria-invalid', 'true');
    expect(next()).toBeDisabled();
    await fill(user, 'Nome do 2º prêmio', 'Moto');
    await user.click(screen.getByRole('button', { name: 'Remover 1º prêmio' }));

    expect(screen.getByLabelText('Nome do 1º prêmio')).toHaveValue('Moto');
    expect(screen.queryByLabelText('Nome do 2º prêmio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover 1º prêmio' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Nome do 1º prêmio'));
    expect(await screen.findByText('Nome do prêmio é obrigatório')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it("should mark Regras required and say why 'Próximo' is disabled (issue 30, item 8)", async () => {
    baseServer();
    const { user } = renderWizard();
    await toRulesStep(user, 'Carro 0km');

    const rules = screen.getByRole('textbox', { name: 'Regras' });
    expect(rules).toBeRequired();
    expect(next()).toBeDisabled();
    // Said beside the button and given as its description, before anything is typed and without calling it wrong.
    expect(next()).toHaveAccessibleDescription('Para continuar: Regras são obrigatórias.');
    expect(rules).toHaveAttribute('aria-invalid', 'false');

    await user.type(rules, 'Sorteio pela Loteria Federal.');
    expect(next()).toBeEnabled();
    expect(next()).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/^Para continuar/)).not.toBeInTheDocument();
  });

  it('should wrap the selected rules text in bold, italic and underline markers', async () => {
    baseServer();
    const { user } = renderWizard();
    await toRulesStep(user, 'Carro');

    expect(screen.getByText(/PNG ou JPG, até 5MB/)).toBeInTheDocument();
    const rules = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Regras' });
    await user.type(rules, 'Regra importante');
    rules.setSelectionRange(6, 16);
    await user.click(screen.getByRole('button', { name: 'Negrito' }));
    expect(rules).toHaveValue('Regra **importante**');

    rules.setSelectionRange(0, 5);
    await user.click(screen.getByRole('button', { name: 'Itálico' }));
    expect(rules).toHaveValue('*Regra* **importante**');

    rules.setSelectionRange(0, 7);
    await user.click(screen.getByRole('button', { name: 'Sublinhado' }));
    expect(rules).toHaveValue('__*Regra*__ **importante**');
  });

  it('should show the wallet empty state linking to /carteira/adicionar', async () => {
    baseServer([activeWallet({ status: 'in_review', is_active: false })]);
    const { user, onClose } = renderWizard();
    await fillUpToWallet(user);

    expect(screen.getByText('Nenhuma carteira encontrada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar Campanha' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cadastrar primeira carteira' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/carteira/adicionar');
    // The wizard's Back entry was replaced: Back returns to the list, not to a wizard that is no longer there.
    await browser.back();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);
  });

  it('should show the wallets load failure', async () => {
    server.on('GET', '/api/campaign_draw_types', () => DRAW_TYPES_REPLY);
    server.on('GET', '/api/user-wallets', () => reply(400, { success: false }));
    const { user } = renderWizard();
    await fillUpToWallet(user);
    expect(screen.getByText('Erro ao carregar carteiras. Tente novamente.')).toBeInTheDocument();
  });

  it('should POST the spec payload and report the created draft', async () => {
    baseServer();
    const created = campaign();
    server.on('POST', '/api/campaigns', () =>
      reply(201, { success: true, message: 'Campanha criada com sucesso!', data: created }),
    );
    const { user, onCreated } = renderWizard();
    await fillStepOne(user);
    await user.click(screen.getByRole('checkbox', { name: 'Já tenho data definida para o sorteio' }));
    await user.type(screen.getByLabelText('Data do sorteio'), '31/12/2099');
    await user.type(screen.getByLabelText('Hora do sorteio'), '20:30');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await fillPrizesAndRules(user);

    // The account number as /carteiras shows it: only its last 4 digits.
    const wallet = screen.getByRole('radio', {
      name: 'Conta Digital Rifaria · Conta •••• 5678 · criada em 01/11/2026',
    });
    expect(screen.queryByText(/12345678/)).not.toBeInTheDocument();
    // Issue 30: the only account is already chosen.
    expect(wallet).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Criar Campanha' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(server.callsTo('POST', '/api/campaigns')[0]!.body).toEqual({
      name: 'Rifa do Carro',
      draw_type_id: 2,
      total_tickets: 10000,
      ticket_price: 12.5,
      rules: 'Sorteio pela Loteria Federal.',
      banner_image: null,
      draw_datetime: '2099-12-31 20:30:00',
      user_wallet_id: 7,
      awards: [
        { description: 'Carro 0km', value: 80000 },
        { description: 'Celular', value: null },
      ],
    });
  });

  it('should refuse a banner that is not PNG or JPG and upload a valid one right after creation', async () => {
    baseServer();
    const created = campaign();
    server.on('POST', '/api/campaigns', () => reply(201, { success: true, message: 'ok', data: created }));
    server.on('POST', '/api/campaigns/:id/upload-banner', () => ({
      success: true,
      message: 'Banner atualizado com sucesso!',
      data: { ...created, banner: 'https://rifaria.test/media/banners/abc' },
    }));
    const { user, onCreated } = renderWizard();
    await toRulesStep(user, 'Carro');

    const input = screen.getByLabelText('Arquivo do banner');
    // user.upload honours `accept` by default; a file picker's "all files" choice can still hand over a GIF.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['gif'], 'banner.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('O banner deve ser uma imagem PNG ou JPG.');
    await user.upload(input, new File(['png'], 'banner.png', { type: 'image/png' }));
    expect(screen.getByText('banner.png')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await fill(user, 'Regras', 'Regras.');
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /Conta Digital Rifaria/ }));
    await user.click(screen.getByRole('button', { name: 'Criar Campanha' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0][0].banner).toBe('https://rifaria.test/media/banners/abc');
    expect(server.callsTo('POST', '/api/campaigns')[0]!.body).toMatchObject({ banner_image: null });
    const upload = server.callsTo('POST', '/api/campaigns/11/upload-banner')[0]!;
    expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data/);
  });

  it('should put 422 messages on their fields, show the alert and jump to the first error step', async () => {
    baseServer();
    server.on('POST', '/api/campaigns', () =>
      reply(422, {
        success: false,
        message: 'Por favor, corrija os erros nos campos destacados.',
        errors: { name: ['Nome já usado', 'outra'], user_wallet_id: ['Selecione uma conta de recebimento'] },
      }),
    );
    const { user, onCreated } = renderWizard();
    await fillUpToWallet(user);
    await user.click(screen.getByRole('radio', { name: /Conta Digital Rifaria/ }));
    await user.click(screen.getByRole('button', { name: 'Criar Campanha' }));

    expect(await screen.findByText('Por favor, corrija os erros nos campos destacados.')).toBeInTheDocument();
    expect(screen.getByText('Nome já usado')).toBeInTheDocument();
    expect(screen.queryByText('outra')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome da campanha')).toHaveAttribute('aria-invalid', 'true');
    expect(onCreated).not.toHaveBeenCalled();

    await user.click(stepTitle('Carteira'));
    expect(screen.getByText('Selecione uma conta de recebimento')).toBeInTheDocument();
  });

  it.each([
    [401, {}, 'Sessão expirada. Faça login novamente.'],
    [500, { success: false, message: 'Falha no banco' }, 'Erro ao criar campanha: Falha no banco'],
  ])('should alert the spec text on a %i', async (status, body, text) => {
    const unregister = setApiNavigate(jest.fn());
    try {
      baseServer();
      server.on('POST', '/api/campaigns', () => reply(status, body));
      const { user } = renderWizard();
      await fillUpToWallet(user);
      await user.click(screen.getByRole('radio', { name: /Conta Digital Rifaria/ }));
      await user.click(screen.getByRole('button', { name: 'Criar Campanha' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Criar Campanha' })).toBeEnabled();
    } finally {
      unregister();
    }
  });
});

describe('Minhas Campanhas + wizard', () => {
  it('should toast the creation, reload the list and open the wizard at step 1 again', async () => {
    baseServer();
    let listCalls = 0;
    server.on('GET', '/api/campaigns', () => {
      listCalls += 1;
      return listCalls === 1 ? listReply([]) : listReply([campaign()], { draft_count: 1 });
    });
    server.on('POST', '/api/campaigns', () => reply(201, { success: true, message: 'ok', data: campaign() }));
    const { user } = renderList();

    await user.click(screen.getByRole('button', { name: '+ Nova Campanha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Campanha' });
    expect(within(dialog).getByLabelText('Nome da campanha')).toBeInTheDocument();
    await fillUpToWallet(user);
    await user.click(screen.getByRole('radio', { name: /Conta Digital Rifaria/ }));
    await user.click(screen.getByRole('button', { name: 'Criar Campanha' }));

    expect(await screen.findByRole('article', { name: 'Rifa do Carro 0km' })).toBeInTheDocument();
    expect(toastTexts()).toEqual(['Campanha criada com sucesso! / Sua campanha foi salva como rascunho.']);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova Campanha' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '+ Nova Campanha' }));
    expect(await screen.findByLabelText('Nome da campanha')).toHaveValue('');
  });
});

describe("New-campaign wizard and the browser's Back", () => {
  function renderEmptyList() {
    baseServer();
    server.on('GET', '/api/campaigns', () => listReply([]));
    return renderList();
  }
  const wizard = () => screen.queryByRole('dialog', { name: 'Nova Campanha' });
  const askDiscard = () => screen.findByRole('dialog', { name: 'Descartar nova campanha?' });

  async function openWizard(user: User) {
    await user.click(screen.getByRole('button', { name: '+ Nova Campanha' }));
    await screen.findByRole('dialog', { name: 'Nova Campanha' });
  }

  it('should go one step back, then ask before dropping what was typed', async () => {
    const { user } = renderEmptyList();
    await openWizard(user);
    await fillStepOne(user);
    await user.click(next());
    await fill(user, 'Nome do 1º prêmio', 'Carro');

    await browser.back();
    expect(await screen.findByLabelText('Nome da campanha')).toHaveValue('Rifa do Carro');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);

    await browser.back();
    await user.click(within(await askDiscard()).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Descartar/ })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Nome da campanha')).toHaveValue('Rifa do Carro');
    await user.click(stepTitle('Prêmios'));
    expect(screen.getByLabelText('Nome do 1º prêmio')).toHaveValue('Carro');
    await user.click(stepTitle('Campanha'));

    await browser.back();
    await user.click(within(await askDiscard()).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(wizard()).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);
    // The wizard's history entry is gone with it: the next Back leaves the page as it would have.
    await browser.back();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it("should leave no wizard step in the history after 'Cadastrar primeira carteira'", async () => {
    baseServer([]);
    server.on('GET', '/api/campaigns', () => listReply([]));
    const { user } = renderList();
    await openWizard(user);
    await fillUpToWallet(user);
    await user.click(screen.getByRole('button', { name: 'Cadastrar primeira carteira' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/carteira/adicionar');
    await browser.back();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);
    await browser.back();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it('should close at once when nothing was typed', async () => {
    const { user } = renderEmptyList();
    await openWizard(user);
    await user.click(screen.getByRole('checkbox', { name: 'Já tenho data definida para o sorteio' }));
    await browser.back();
    await waitFor(() => expect(wizard()).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: /Descartar/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);
  });

  it('should ask on Escape and on Cancelar too once something was typed', async () => {
    const { user } = renderEmptyList();
    await openWizard(user);
    await fill(user, 'Nome da campanha', 'Rifa');
    await user.keyboard('{Escape}');
    await user.click(within(await askDiscard()).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Descartar/ })).not.toBeInTheDocument());
    expect(wizard()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(within(await askDiscard()).getByRole('button', { name: 'Descartar' }));
    // MUI keeps the page aria-hidden until both dialogs have finished their exit transition.
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(0));
    // Opened again, it starts empty at step 1.
    await openWizard(user);
    expect(screen.getByLabelText('Nome da campanha')).toHaveValue('');
  });
});

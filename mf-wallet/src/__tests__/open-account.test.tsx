import { act, screen, waitFor, within } from '@testing-library/react';
import { browser, mockFetchForFile, reply, serveCep, server } from '@rifaria/shared/testing';
import { renderAt, rejectedWalletServer, wallet, walletsServer, walletInReview, refused } from '../testing/fixtures';

mockFetchForFile();
// A whole wizard typed key by key: slow on a loaded machine.
jest.setTimeout(30_000);

const me = {
  name: 'Ana Paula Souza',
  email: 'ana@rifaria.com.br',
  cpf: '52998224725',
  phone: '11987654321',
  birthdate: '1990-12-25',
};

function baseServer(user: Partial<typeof me> = me) {
  walletsServer();
  server.on('GET', '/api/auth/me', () => ({ success: true, user }));
  server.on('GET', '/api/auth/address', () => ({
    success: true,
    message: 'Endereço não cadastrado',
    address: null,
    formatted: null,
  }));
  server.on('GET', '/api/auth/states', () => ({
    success: true,
    states: [
      { id: 35, name: 'São Paulo', abbreviation: 'SP' },
      { id: 33, name: 'Rio de Janeiro', abbreviation: 'RJ' },
    ],
  }));
  server.on('GET', '/api/document-types', () => ({
    success: true,
    data: [
      { id: 1, name: 'RG' },
      { id: 2, name: 'CNH' },
    ],
  }));
  serveCep('');
}

type User = ReturnType<typeof renderAt>['user'];
const DRAFT_KEY = 'rifaria-draft:account-opening';
/** The first bytes of a PNG: the wizard reads a file's content, not its name. */
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const contentRefusal = (name: string) =>
  `O arquivo "${name}" não é um PDF nem uma imagem (JPG, PNG ou WEBP): o conteúdo dele não corresponde ao nome. Escolha o arquivo do documento.`;
const next = (user: User) => user.click(screen.getByRole('button', { name: 'Próximo' }));

/** The profile step passed as it comes, and CEP 01001000 typed on the address step. */
async function typeCep(user: User) {
  await screen.findByDisplayValue('Ana Paula Souza');
  await next(user);
  await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01001000');
}

async function fillUpToReview(user: User) {
  await screen.findByDisplayValue('Ana Paula Souza');
  await next(user);
  await screen.findByRole('heading', { name: 'Endereço' });
  await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01001000');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Praça da Sé'));
  await user.type(screen.getByRole('textbox', { name: 'Número' }), '100');
  await next(user);
  await screen.findByRole('heading', { name: 'Documento' });
  await user.click(screen.getByRole('combobox', { name: 'Tipo de documento' }));
  await user.click(await screen.findByRole('option', { name: 'CNH' }));
  await user.upload(
    screen.getByLabelText('Arquivo do documento'),
    new File(['%PDF-1.4'], 'cnh.pdf', { type: 'application/pdf' }),
  );
  await next(user);
  await screen.findByRole('heading', { name: 'Finalização' });
}

/** The wizard filled up to 'Finalização', sent, and refused by the server with these field errors. */
async function refusedAtFinish(errors: Record<string, string[]>) {
  baseServer();
  server.on('POST', '/digital-wallets/abrir-conta', () =>
    refused('Dados inválidos. Verifique os campos informados.', errors),
  );
  const { user } = renderAt('/carteira/adicionar');
  await fillUpToReview(user);
  await user.click(screen.getByRole('button', { name: 'Finalizar Abertura' }));
  return user;
}

describe('account opening wizard (/carteira/adicionar)', () => {
  it('should prefill from /api/auth/me and validate step 1 with the shared messages', async () => {
    baseServer({ ...me, cpf: '', phone: '' });
    const { user } = renderAt('/carteira/adicionar');
    expect(await screen.findByDisplayValue('Ana Paula Souza')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Data de nascimento' })).toHaveValue('25/12/1990');
    await user.clear(screen.getByRole('textbox', { name: 'Nome completo' }));
    await user.type(screen.getByRole('textbox', { name: 'CPF' }), '123');
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('123');
    await next(user);
    expect(screen.getByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('CPF deve ter 11 dígitos')).toBeInTheDocument();
    expect(screen.getByText('Telefone inválido')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
  });

  it('should show the step 2 messages and clear them on Anterior', async () => {
    baseServer();
    const { user } = renderAt('/carteira/adicionar');
    await screen.findByDisplayValue('Ana Paula Souza');
    await next(user);
    await next(user);
    expect(screen.getByText('CEP deve ter 8 dígitos')).toBeInTheDocument();
    expect(screen.getByText('Logradouro é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Estado é obrigatório')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    await next(user);
    expect(screen.queryByText('Logradouro é obrigatório')).not.toBeInTheDocument();
  });

  it('should fill the address from the CEP, and say when the CEP is unknown', async () => {
    baseServer();
    const { user } = renderAt('/carteira/adicionar');
    await screen.findByDisplayValue('Ana Paula Souza');
    await next(user);
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    await user.type(cep, '01001000');
    expect(cep).toHaveValue('01001-000');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Praça da Sé'));
    expect(screen.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Sé');
    expect(screen.getByRole('textbox', { name: 'Cidade' })).toHaveValue('São Paulo');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('SP');

    await user.clear(cep);
    await user.type(cep, '99999999');
    expect(await screen.findByText('CEP não encontrado ou inválido')).toBeInTheDocument();
    // The person can still type the address by hand.
    await user.clear(screen.getByRole('textbox', { name: 'Logradouro' }));
    await user.type(screen.getByRole('textbox', { name: 'Logradouro' }), 'Rua A');
    expect(screen.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Rua A');
  });

  it('should keep Próximo disabled on the document step until a type and a valid file are chosen', async () => {
    baseServer();
    const { user } = renderAt('/carteira/adicionar', { applyAccept: false });
    await typeCep(user);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Praça da Sé'));
    await user.type(screen.getByRole('textbox', { name: 'Número' }), '100');
    await next(user);
    expect(await screen.findByText(/até 10MB/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Tipo de documento' }));
    await user.click(await screen.findByRole('option', { name: 'RG' }));
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Arquivo do documento'),
      new File(['x'], 'doc.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(contentRefusal('doc.txt'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Arquivo do documento'),
      new File([PNG_HEAD], 'rg.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeEnabled();
    expect(screen.queryByText(contentRefusal('doc.txt'))).not.toBeInTheDocument();
  });

  it('should send the multipart payload, show the overlay and go to /carteiras after 3 s', async () => {
    jest.useFakeTimers();
    try {
      baseServer();
      server.on('POST', '/digital-wallets/abrir-conta', () =>
        reply(201, { success: true, message: 'Solicitação recebida! Sua conta está em análise.', data: {} }),
      );
      const { user } = renderAt('/carteira/adicionar', { advanceTimers: jest.advanceTimersByTime });
      await fillUpToReview(user);
      expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
      // City and state under their own labels, as the Endereço step names them (not 'São Paulo/SP (São Paulo)').
      const review = screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`);
      expect(review).toEqual(expect.arrayContaining(['Cidade: São Paulo', 'Estado: São Paulo (SP)']));
      expect(window.sessionStorage.getItem(DRAFT_KEY)).toContain('"number":"100"');
      await user.click(screen.getByRole('button', { name: 'Finalizar Abertura' }));

      // An opaque full-screen dialog, not a see-through layer over the review.
      expect(await screen.findByRole('dialog', { name: 'Conta em Processo!' })).toBeInTheDocument();
      expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
      const call = server.callsTo('POST', '/digital-wallets/abrir-conta')[0]!;
      expect(call.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
      const body = String(call.body);
      for (const [name, value] of [
        ['name', 'Ana Paula Souza'],
        ['cpf', '52998224725'],
        ['phone', '11987654321'],
        ['birthdate', '1990-12-25'],
        ['zipCode', '01001000'],
        ['state', 'SP'],
        ['documentType', '2'],
      ]) {
        expect(body).toContain(`name="${name}"\r\n\r\n${value}\r\n`);
      }
      expect(body).toContain('name="documentFile"; filename="cnh.pdf"');
      expect(screen.getByTestId('where')).toHaveTextContent('/carteira/adicionar');

      await act(async () => {
        jest.advanceTimersByTime(2_900);
      });
      expect(screen.getByTestId('where')).toHaveTextContent('/carteira/adicionar');
      await act(async () => {
        jest.advanceTimersByTime(200);
      });
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/carteiras$/);
    } finally {
      jest.useRealTimers();
    }
  });

  it('should show the failure alert, go back to the step of the refused field keeping the data, or stay when none is named', async () => {
    baseServer();
    server.on('POST', '/digital-wallets/abrir-conta', () =>
      refused('Dados inválidos.', { cpf: ['CPF inválido'], phone: ['Telefone inválido'] }),
    );
    const { user } = renderAt('/carteira/adicionar');
    await fillUpToReview(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Abertura' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Erro ao processar abertura de conta.\n\nDetalhes:\nCPF inválido\nTelefone inválido',
    );
    expect(await screen.findByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Ana Paula Souza');

    server.on('POST', '/digital-wallets/abrir-conta', () =>
      refused('Você já possui uma conta digital ativa ou em análise.'),
    );
    await next(user);
    await next(user);
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Finalizar Abertura' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Erro ao processar abertura de conta.\n\nMotivo: Você já possui uma conta digital ativa ou em análise.',
      ),
    );
    // No field at fault: it stays on 'Finalização', ready to send again.
    expect(screen.getByRole('heading', { name: 'Finalização' })).toBeInTheDocument();

    server.on('POST', '/digital-wallets/abrir-conta', () => reply(500, {}));
    await user.click(await screen.findByRole('button', { name: 'Finalizar Abertura' }));
    await waitFor(() =>
      expect(within(screen.getByRole('alert')).getByText(/Tente novamente em alguns minutos\./)).toBeInTheDocument(),
    );
  });

  it("should go back to 'Documento', not step 1, when the server refuses the document (issue 30)", async () => {
    const user = await refusedAtFinish({
      documentFile: ['O documento deve ser uma imagem (JPG, PNG ou WEBP) ou um PDF.'],
    });
    expect(await screen.findByRole('heading', { name: 'Documento' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dados Pessoais' })).not.toBeInTheDocument();
    expect(screen.getByText('Passo 3 de 4: Documento')).toBeInTheDocument();
    const fileError = screen
      .getAllByRole('alert')
      .find((node) => node.textContent === 'O documento deve ser uma imagem (JPG, PNG ou WEBP) ou um PDF.');
    expect(fileError).toBeDefined();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();

    // Another file, and on to 'Finalização' with everything else as typed.
    server.on('POST', '/digital-wallets/abrir-conta', () =>
      reply(201, { success: true, message: 'Solicitação recebida! Sua conta está em análise.', data: {} }),
    );
    await user.upload(
      screen.getByLabelText('Arquivo do documento'),
      new File([PNG_HEAD], 'cnh.png', { type: 'image/png' }),
    );
    await next(user);
    await screen.findByRole('heading', { name: 'Finalização' });
    expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
  });

  it('should go back to the earliest step holding a refused field', async () => {
    await refusedAtFinish({ number: ['Número é obrigatório'], documentType: ['Tipo de documento é obrigatório'] });
    expect(await screen.findByRole('heading', { name: 'Endereço' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Número' })).toHaveAccessibleDescription('Número é obrigatório');
  });

  it('should refuse in the browser a text file named fake.pdf, by its content, and send nothing (issue 30)', async () => {
    baseServer();
    server.on('POST', '/digital-wallets/abrir-conta', () => reply(201, { success: true, data: {} }));
    const { user } = renderAt('/carteira/adicionar', { applyAccept: false });
    await typeCep(user);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Praça da Sé'));
    await user.type(screen.getByRole('textbox', { name: 'Número' }), '100');
    await next(user);
    await user.click(await screen.findByRole('combobox', { name: 'Tipo de documento' }));
    await user.click(await screen.findByRole('option', { name: 'RG' }));
    // Named .pdf and typed application/pdf by the system: only its bytes tell it is text.
    const fake = new File(['Isto não é um PDF, é um texto.'], 'fake.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Arquivo do documento'), fake);
    expect(await screen.findByText(contentRefusal('fake.pdf'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Documento' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/digital-wallets/abrir-conta')).toHaveLength(0);

    // A real JPEG goes through.
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'rg.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Arquivo do documento'), jpeg);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Próximo' })).toBeEnabled());
    await next(user);
    expect(await screen.findByRole('heading', { name: 'Finalização' })).toBeInTheDocument();
  });

  it('should say the CEP lookup failed, not the CEP, when it is offline: the field stays valid (issue 30)', async () => {
    baseServer();
    server.on('GET', '/api/cep/:cep', () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderAt('/carteira/adicionar');
    await screen.findByDisplayValue('Ana Paula Souza');
    await next(user);
    const cep = await screen.findByRole('textbox', { name: 'CEP' });
    await user.type(cep, '01001000');
    await waitFor(() =>
      expect(cep).toHaveAccessibleDescription(
        'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
      ),
    );
    expect(cep).toBeValid();
    expect(screen.queryByText('CEP não encontrado ou inválido')).not.toBeInTheDocument();
    // Typed by hand, the address goes on.
    await user.type(screen.getByRole('textbox', { name: 'Logradouro' }), 'Praça da Sé');
    await user.type(screen.getByRole('textbox', { name: 'Número' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Bairro' }), 'Sé');
    await user.type(screen.getByRole('textbox', { name: 'Cidade' }), 'São Paulo');
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'SP' }));
    await next(user);
    expect(await screen.findByRole('heading', { name: 'Documento' })).toBeInTheDocument();
  });
});

describe('account opening wizard: where it starts', () => {
  it('should say at once that an active account exists, instead of opening the wizard', async () => {
    baseServer();
    walletsServer(wallet());
    renderAt('/carteira/adicionar');
    expect(await screen.findByRole('heading', { name: 'Você já possui uma conta digital' })).toBeInTheDocument();
    expect(screen.getByText(/•••• 5678/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Carteiras' })).toHaveAttribute('href', '/carteiras');
    expect(screen.queryByRole('button', { name: 'Próximo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'CPF' })).not.toBeInTheDocument();
  });

  it('should say that the account is in review, with nothing to send again', async () => {
    baseServer();
    walletsServer(walletInReview());
    renderAt('/carteira/adicionar');
    expect(await screen.findByRole('heading', { name: 'Sua conta está em análise' })).toBeInTheDocument();
    expect(screen.getByText(/não é preciso enviar os dados de novo/)).toBeInTheDocument();
    expect(screen.getByText('Em análise')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Próximo' })).not.toBeInTheDocument();
  });

  it('should open the wizard again after a rejected application, saying so', async () => {
    baseServer();
    walletsServer(wallet({ status: 'rejected', is_active: false, status_label: 'Recusada' }));
    renderAt('/carteira/adicionar');
    expect(await screen.findByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    expect(screen.getByText(/Sua solicitação anterior não foi aprovada/)).toBeInTheDocument();
  });

  it("should reopen with the rejected application's data on 'Corrigir e reenviar', keeping its document", async () => {
    baseServer({ ...me, cpf: '', phone: '' });
    rejectedWalletServer();
    server.on('POST', '/digital-wallets/abrir-conta', () =>
      reply(201, { success: true, message: 'Solicitação recebida! Sua conta está em análise.', data: {} }),
    );
    const { user } = renderAt('/carteiras');
    await user.click(await screen.findByRole('link', { name: 'Corrigir e reenviar' }));
    expect(await screen.findByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Corrigir e reenviar: os dados da solicitação anterior estão preenchidos. Motivo da recusa: Documento ilegível.',
      ),
    ).toBeInTheDocument();
    // The application's data, not the profile's.
    expect(screen.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Maria da Silva');
    expect(screen.getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
    expect(screen.getByRole('textbox', { name: 'Data de nascimento' })).toHaveValue('17/05/1990');
    await next(user);
    expect(await screen.findByRole('heading', { name: 'Endereço' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('Praça da Sé');
    expect(screen.getByRole('textbox', { name: 'Número' })).toHaveValue('100');
    await next(user);
    expect(await screen.findByRole('heading', { name: 'Documento' })).toBeInTheDocument();
    expect(
      screen.getByText('O documento enviado antes será mantido. Para substituí-lo, escolha outro arquivo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo de documento' })).toHaveTextContent('RG');
    await next(user);
    await screen.findByRole('heading', { name: 'Finalização' });
    expect(screen.getByText('RG · documento enviado antes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finalizar Abertura' }));

    expect(await screen.findByRole('dialog', { name: 'Conta em Processo!' })).toBeInTheDocument();
    const body = String(server.callsTo('POST', '/digital-wallets/abrir-conta')[0]!.body);
    expect(body).toContain('name="resubmissionOf"\r\n\r\n41\r\n');
    expect(body).toContain('name="name"\r\n\r\nMaria da Silva\r\n');
    expect(body).not.toContain('name="documentFile"');
  });

  it("should send a new document on 'Corrigir e reenviar' when one is chosen", async () => {
    baseServer();
    rejectedWalletServer();
    server.on('POST', '/digital-wallets/abrir-conta', () =>
      reply(201, { success: true, message: 'Solicitação recebida! Sua conta está em análise.', data: {} }),
    );
    const { user } = renderAt('/carteira/adicionar');
    expect(await screen.findByText(/Motivo da recusa: Documento ilegível/)).toBeInTheDocument();
    await next(user);
    await next(user);
    await screen.findByRole('heading', { name: 'Documento' });
    await user.upload(
      screen.getByLabelText('Arquivo do documento'),
      new File([PNG_HEAD], 'rg-nitido.png', { type: 'image/png' }),
    );
    await next(user);
    expect(await screen.findByText('RG · rg-nitido.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finalizar Abertura' }));
    expect(await screen.findByRole('dialog', { name: 'Conta em Processo!' })).toBeInTheDocument();
    const body = String(server.callsTo('POST', '/digital-wallets/abrir-conta')[0]!.body);
    expect(body).toContain('name="resubmissionOf"\r\n\r\n41\r\n');
    expect(body).toContain('name="documentFile"; filename="rg-nitido.png"');
  });

  it('should show an error with a retry when the wallets cannot be loaded', async () => {
    baseServer();
    server.on('GET', '/api/user-wallets', () => reply(500, {}));
    const { user } = renderAt('/carteira/adicionar');
    expect(await screen.findByText('Erro ao carregar carteiras. Tente novamente.')).toBeInTheDocument();
    walletsServer();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
  });
});

describe("account opening wizard: the browser's Back and the draft", () => {
  const cpfBox = () => screen.getByRole('textbox', { name: 'CPF' });

  it('should go back one step with Back and forward again, keeping what was typed', async () => {
    baseServer({ ...me, cpf: '' });
    const { user } = renderAt(['/carteiras', '/carteira/adicionar']);
    await screen.findByDisplayValue('Ana Paula Souza');
    await user.type(cpfBox(), '52998224725');
    await next(user);
    await user.type(await screen.findByRole('textbox', { name: 'Número' }), '42');

    await browser.back();
    expect(screen.getByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    expect(cpfBox()).toHaveValue('529.982.247-25');
    expect(screen.getByTestId('where')).toHaveTextContent('/carteira/adicionar');

    await browser.forward();
    expect(screen.getByRole('heading', { name: 'Endereço' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Número' })).toHaveValue('42');
    // Anterior is the same step back.
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
  });

  it('should ask before Back leaves the first step with data typed, and stay or leave as told', async () => {
    baseServer({ ...me, phone: '' });
    const { user } = renderAt(['/carteiras', '/carteira/adicionar']);
    await screen.findByDisplayValue('Ana Paula Souza');
    await user.type(screen.getByRole('textbox', { name: 'Telefone' }), '11987654321');

    await browser.back();
    const ask = await screen.findByRole('dialog', { name: 'Sair da abertura de conta?' });
    expect(within(ask).getByText(/fica guardado nesta aba/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Continuar preenchendo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Telefone' })).toHaveValue('(11) 98765-4321');
    expect(screen.getByTestId('where')).toHaveTextContent('/carteira/adicionar');

    await browser.back();
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/carteiras$/));
  });

  it('should leave without asking when nothing was typed', async () => {
    baseServer();
    renderAt(['/carteiras', '/carteira/adicionar']);
    await screen.findByDisplayValue('Ana Paula Souza');
    await browser.back();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/carteiras$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should restore what was typed when the person comes back to the wizard, file excepted', async () => {
    baseServer({ ...me, cpf: '' });
    const first = renderAt('/carteira/adicionar', { applyAccept: false });
    await screen.findByDisplayValue('Ana Paula Souza');
    await first.user.type(cpfBox(), '52998224725');
    await next(first.user);
    await first.user.type(await screen.findByRole('textbox', { name: 'Número' }), '42');
    first.unmount();
    expect(window.sessionStorage.getItem(DRAFT_KEY)).not.toContain('documentFile');

    const again = renderAt('/carteira/adicionar');
    expect(await screen.findByText('Recuperamos o que você já tinha preenchido nesta aba.')).toBeInTheDocument();
    expect(cpfBox()).toHaveValue('529.982.247-25');
    await next(again.user);
    expect(await screen.findByRole('textbox', { name: 'Número' })).toHaveValue('42');

    // 'Começar de novo' forgets the draft and keeps only what the profile gives.
    await again.user.click(screen.getByRole('button', { name: 'Começar de novo' }));
    expect(await screen.findByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    expect(cpfBox()).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Ana Paula Souza');
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it("should not restore another person's draft on the same tab", async () => {
    window.sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ owner: 'someone-else@exemplo.com', values: { cpf: '111.444.777-35' }, hadFile: false }),
    );
    baseServer({ ...me, cpf: '' });
    renderAt('/carteira/adicionar');
    await screen.findByDisplayValue('Ana Paula Souza');
    expect(cpfBox()).toHaveValue('');
    expect(screen.queryByText(/Recuperamos/)).not.toBeInTheDocument();
  });

  it("should open the account with the profile's CPF, which cannot be changed here", async () => {
    baseServer();
    renderAt('/carteira/adicionar');
    await waitFor(() => expect(cpfBox()).toHaveValue('529.982.247-25'));
    expect(cpfBox()).toHaveAttribute('readonly');
    expect(screen.getByText('O CPF da conta é o do seu perfil (Meus Dados).')).toBeInTheDocument();
  });

  it('should mark the CPF the server refused on step 1', async () => {
    await refusedAtFinish({ cpf: ['Este CPF já está vinculado a outra conta digital ativa ou em análise.'] });
    expect(await screen.findByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    expect(cpfBox()).toHaveAttribute('aria-invalid', 'true');
    expect(cpfBox()).toHaveAccessibleDescription(
      'Este CPF já está vinculado a outra conta digital ativa ou em análise.',
    );
  });
});

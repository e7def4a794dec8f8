import { act, screen, waitFor, within } from '@testing-library/react';
import { reply } from '@rifaria/shared/testing';
import { renderAt, server, mockFetchForFile } from '../testing/fixtures';

mockFetchForFile();

const me = {
  name: 'Ana Paula Souza',
  email: 'ana@rifaria.com.br',
  cpf: '52998224725',
  phone: '11987654321',
  birthdate: '1990-12-25',
};

function baseServer(user: Partial<typeof me> = me) {
  server.on('GET', '/api/auth/me', () => ({ success: true, user }));
  server.on('GET', '/api/auth/address', () => reply(404, { success: false, message: 'Endereço não encontrado.' }));
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
  server.on('GET', '/api/cep/:cep', ({ params }) =>
    params.cep === '01001000'
      ? {
          success: true,
          data: {
            cep: '01001000',
            street: 'Praça da Sé',
            neighborhood: 'Sé',
            city: 'São Paulo',
            state: 'SP',
            complement: '',
          },
        }
      : reply(404, { success: false, message: 'CEP não encontrado ou inválido' }),
  );
}

type User = ReturnType<typeof renderAt>['user'];
const next = (user: User) => user.click(screen.getByRole('button', { name: 'Próximo' }));

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
    await screen.findByDisplayValue('Ana Paula Souza');
    await next(user);
    await user.type(screen.getByRole('textbox', { name: 'CEP' }), '01001000');
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
    expect(screen.getByText('O documento deve ser uma imagem (JPG, PNG ou WEBP) ou um PDF.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Arquivo do documento'),
      new File(['png'], 'rg.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeEnabled();
  });

  it('should send the multipart payload, show the overlay and go to /carteiras after 3 s', async () => {
    jest.useFakeTimers();
    try {
      baseServer();
      server.on('POST', '/digital-wallets/abrir-conta', () =>
        reply(201, { success: true, message: 'Solicitação recebida! Sua conta está em análise.', data: {} }),
      );
      server.on('GET', '/api/user-wallets', () => ({ success: true, data: [] }));
      const { user } = renderAt('/carteira/adicionar', { advanceTimers: jest.advanceTimersByTime });
      await fillUpToReview(user);
      expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Finalizar Abertura' }));

      expect(await screen.findByText('Conta em Processo!')).toBeInTheDocument();
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

  it('should show the failure alert with the server details and go back to step 1 keeping the data', async () => {
    baseServer();
    server.on('POST', '/digital-wallets/abrir-conta', () =>
      reply(422, {
        success: false,
        message: 'Dados inválidos.',
        errors: { cpf: ['CPF inválido'], phone: ['Telefone inválido'] },
      }),
    );
    const { user } = renderAt('/carteira/adicionar');
    await fillUpToReview(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Abertura' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Erro ao processar abertura de conta.\n\nDetalhes:\nCPF inválido\nTelefone inválido',
    );
    expect(screen.getByRole('heading', { name: 'Dados Pessoais' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Ana Paula Souza');

    server.on('POST', '/digital-wallets/abrir-conta', () =>
      reply(422, { success: false, message: 'Você já possui uma conta digital ativa ou em análise.' }),
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

    server.on('POST', '/digital-wallets/abrir-conta', () => reply(500, {}));
    await next(user);
    await next(user);
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Finalizar Abertura' }));
    await waitFor(() =>
      expect(within(screen.getByRole('alert')).getByText(/Tente novamente em alguns minutos\./)).toBeInTheDocument(),
    );
  });
});

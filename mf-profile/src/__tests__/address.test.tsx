import { screen, waitFor } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { useToastStore } from '@rifaria/shared/ui';
import {
  lastBody,
  profileServer,
  refused,
  savedAddress,
  serveAddressSave,
  signIn,
  toastTexts,
} from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile({ beforeEach: () => signIn() });

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Salvar endereço' });

/** /perfil with the Endereço tab open, once its form is on screen. */
async function openAddressTab() {
  const rendered = renderAt('/perfil');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Endereço' }));
  await screen.findByRole('textbox', { name: 'CEP' });
  return rendered;
}

describe("tab 'Endereço'", () => {
  it('should show the saved address with the CEP masked, without looking the CEP up again', async () => {
    profileServer({ address: savedAddress });
    await openAddressTab();
    expect(field('CEP')).toHaveValue('01310-100');
    expect(field('Logradouro')).toHaveValue('Avenida Paulista');
    expect(field('Número')).toHaveValue('1000');
    expect(field('Complemento')).toHaveValue('Sala 12');
    expect(field('Bairro')).toHaveValue('Bela Vista');
    expect(field('Cidade')).toHaveValue('São Paulo');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('SP');
    expect(server.callsTo('GET', '/api/cep/:cep')).toHaveLength(0);
  });

  it('should fill street, neighborhood, city and state from the CEP once it has 8 digits', async () => {
    profileServer();
    const { user } = await openAddressTab();
    await user.type(field('CEP'), '0100100');
    expect(server.callsTo('GET', '/api/cep/:cep')).toHaveLength(0);
    await user.type(field('CEP'), '0');
    expect(field('CEP')).toHaveValue('01001-000');
    await waitFor(() => expect(field('Logradouro')).toHaveValue('Praça da Sé'));
    expect(field('Bairro')).toHaveValue('Sé');
    expect(field('Cidade')).toHaveValue('São Paulo');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('SP');
    // The CEP range's note is not the person's complement.
    expect(field('Complemento')).toHaveValue('');
    expect(server.callsTo('GET', '/api/cep/:cep').map((call) => call.params.cep)).toEqual(['01001000']);
  });

  it("should say 'CEP não encontrado ou inválido' and leave the fields editable", async () => {
    profileServer();
    const { user } = await openAddressTab();
    await user.type(field('CEP'), '99999999');
    expect(await screen.findByText('CEP não encontrado ou inválido')).toBeInTheDocument();
    expect(field('CEP')).toBeInvalid();
    await user.type(field('Logradouro'), 'Rua A');
    expect(field('Logradouro')).toHaveValue('Rua A');
    // Editing the CEP clears the message.
    await user.type(field('CEP'), '{Backspace}');
    expect(screen.queryByText('CEP não encontrado ou inválido')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the CEP services are down (503)',
      () =>
        reply(503, {
          success: false,
          message: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
        }),
    ],
    [
      'the lookup gets no answer (offline)',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('should say the lookup failed, not the CEP, when %s: the field stays valid (issue 30)', async (_, answer) => {
    profileServer();
    server.on('GET', '/api/cep/:cep', answer);
    const { user } = await openAddressTab();
    await user.type(field('CEP'), '01001000');
    await waitFor(() =>
      expect(field('CEP')).toHaveAccessibleDescription(
        'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
      ),
    );
    expect(field('CEP')).toBeValid();
    expect(screen.queryByText('CEP não encontrado ou inválido')).not.toBeInTheDocument();
  });

  it('should send the address with the CEP as digits and the UF as state_uf, then toast', async () => {
    profileServer();
    serveAddressSave({ zip_code: '01001-000' });
    const { user } = await openAddressTab();
    await user.type(field('CEP'), '01001000');
    await waitFor(() => expect(field('Logradouro')).toHaveValue('Praça da Sé'));
    await user.type(field('Número'), '100');
    await user.click(save());
    await waitFor(() =>
      expect(lastBody('PUT', '/api/auth/address')).toEqual({
        zip_code: '01001000',
        street: 'Praça da Sé',
        number: '100',
        neighborhood: 'Sé',
        complement: null,
        city: 'São Paulo',
        state_uf: 'SP',
      }),
    );
    expect(await screen.findByText('Endereço salvo com sucesso!')).toBeInTheDocument();
    // One toast, saying what was saved.
    expect(toastTexts()).toEqual(['Endereço salvo com sucesso!']);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Endereço salvo com sucesso!', duration: 5_000 });
  });

  it('should clear a failed CEP lookup once the address filled by hand is saved', async () => {
    profileServer();
    server.on('GET', '/api/cep/:cep', () =>
      reply(503, {
        success: false,
        message: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
      }),
    );
    serveAddressSave();
    const { user } = await openAddressTab();
    await user.type(field('CEP'), '01001000');
    const downText = 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.';
    await waitFor(() => expect(field('CEP')).toHaveAccessibleDescription(downText));
    expect(field('CEP')).toBeValid();
    await user.type(field('Logradouro'), 'Praça da Sé');
    await user.type(field('Número'), '100');
    await user.type(field('Bairro'), 'Sé');
    await user.type(field('Cidade'), 'São Paulo');
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'SP' }));
    await user.click(save());

    await waitFor(() => expect(toastTexts()).toEqual(['Endereço salvo com sucesso!']));
    expect(field('CEP')).toHaveValue('01001-000');
    expect(field('CEP')).toBeValid();
    expect(field('CEP')).toHaveAccessibleDescription('O endereço é preenchido pelo CEP');
    expect(screen.queryByText(downText)).not.toBeInTheDocument();
  });

  it('should name every missing field before sending', async () => {
    profileServer();
    const { user } = await openAddressTab();
    await user.click(save());
    for (const message of [
      'CEP deve ter 8 dígitos',
      'Logradouro é obrigatório',
      'Número é obrigatório',
      'Bairro é obrigatório',
      'Cidade é obrigatória',
      'Estado é obrigatório',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(server.callsTo('PUT', '/api/auth/address')).toHaveLength(0);
  });

  it("should say 'Erro ao salvar endereço. Tente novamente.' with the server's field reasons", async () => {
    profileServer({ address: savedAddress });
    server.on('PUT', '/api/auth/address', () => refused('Dados inválidos', { number: ['Número inválido'] }));
    const { user } = await openAddressTab();
    await user.click(save());
    expect(await screen.findByText('Erro ao salvar endereço. Tente novamente.')).toBeInTheDocument();
    expect(field('Número')).toHaveAccessibleDescription('Número inválido');
  });

  it('should start with an empty form when the saved address cannot be read, and use the 27 UFs', async () => {
    profileServer();
    server.on('GET', '/api/auth/address', () => reply(404, { success: false, message: 'Endereço não cadastrado' }));
    server.on('GET', '/api/auth/states', () => reply(404, { success: false }));
    const { user } = await openAddressTab();
    expect(field('CEP')).toHaveValue('');
    expect(field('Logradouro')).toHaveValue('');
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    expect(await screen.findAllByRole('option')).toHaveLength(27);
  });

  it('should offer the states of /api/auth/states', async () => {
    profileServer();
    const { user } = await openAddressTab();
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['MG', 'RJ', 'SP']);
    await user.click(screen.getByRole('option', { name: 'RJ' }));
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('RJ');
  });
});

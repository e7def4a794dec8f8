import { screen, waitFor, within } from '@testing-library/react';
import { PRIVACY_MESSAGES } from '@rifaria/shared/schemas';
import { reply } from '@rifaria/shared/testing';
import { VALID_CPF, mockFetchForFile, renderAt, server } from '../testing/fixtures';

mockFetchForFile();
jest.setTimeout(20_000);

const PAGE = '/p/rifa-do-carro/meus-numeros';
const REQUEST_ID = 'AbCdEfGhIjKlMnOpQrStUv';

/** 'Meus números' with 'Meus dados (LGPD)' open. */
async function openDialog() {
  const { user } = renderAt(PAGE);
  await user.click(await screen.findByRole('button', { name: 'Meus dados (LGPD): cópia ou exclusão' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Meus dados (LGPD)' }) };
}

describe("'Meus dados (LGPD)' (POST /public/privacy-requests, POST …/{id}/confirm)", () => {
  it('should ask for a deletion with phone and CPF, then confirm it with the code sent by WhatsApp', async () => {
    server.on('POST', '/public/privacy-requests', () => ({
      success: true,
      message: PRIVACY_MESSAGES.codeSent,
      data: { id: REQUEST_ID },
    }));
    server.on('POST', '/public/privacy-requests/:id/confirm', () => ({
      success: true,
      message: PRIVACY_MESSAGES.confirmed,
    }));
    const { user, dialog } = await openDialog();

    // Nothing is sent before the choice, a valid phone and a valid CPF.
    await user.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    expect(within(dialog).getByText('Escolha o que deseja pedir.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/public/privacy-requests')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Apagar meus dados' }));
    expect(within(dialog).getByText(/Seu nome, telefone, CPF e e-mail serão apagados/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefone (WhatsApp)' }), '11987654321');
    await user.type(within(dialog).getByRole('textbox', { name: 'CPF' }), VALID_CPF);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar código' }));

    expect(await within(dialog).findByText(PRIVACY_MESSAGES.codeSent)).toBeInTheDocument();
    const [asked] = server.callsTo('POST', '/public/privacy-requests');
    expect(asked!.body).toEqual({ phone: '11987654321', cpf: VALID_CPF, kind: 'deletion' });
    expect(asked!.headers.get('authorization')).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Código de 6 dígitos' }), '12a3456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pedido' }));
    expect(await within(dialog).findByText(PRIVACY_MESSAGES.confirmed)).toBeInTheDocument();
    const [confirmed] = server.callsTo('POST', '/public/privacy-requests/:id/confirm');
    expect([confirmed!.params.id, confirmed!.body]).toEqual([REQUEST_ID, { code: '123456' }]);

    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Meus dados (LGPD)' })).not.toBeInTheDocument());
  });

  it("should show a wrong code under the field, and the server's limit above the form", async () => {
    server.on('POST', '/public/privacy-requests', () => ({
      success: true,
      message: PRIVACY_MESSAGES.codeSent,
      data: { id: REQUEST_ID },
    }));
    server.on('POST', '/public/privacy-requests/:id/confirm', () =>
      reply(422, {
        success: false,
        message: PRIVACY_MESSAGES.codeInvalid,
        errors: { code: [PRIVACY_MESSAGES.codeInvalid] },
      }),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Receber uma cópia dos meus dados' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefone (WhatsApp)' }), '11987654321');
    await user.type(within(dialog).getByRole('textbox', { name: 'CPF' }), VALID_CPF);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'Código de 6 dígitos' }), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pedido' }));
    expect(await within(dialog).findByText(PRIVACY_MESSAGES.codeInvalid)).toBeInTheDocument();
    expect(server.callsTo('POST', '/public/privacy-requests')[0]!.body).toMatchObject({ kind: 'export' });

    server.on('POST', '/public/privacy-requests/:id/confirm', () =>
      reply(429, {
        success: false,
        message: 'Muitas tentativas com este telefone. Aguarde uma hora e tente novamente.',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pedido' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Aguarde uma hora');
  });
});

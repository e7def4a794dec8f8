import { screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@rifaria/shared/ui';
import { browser, mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { activeWalletServer, renderAt, refused } from '../testing/fixtures';

mockFetchForFile();
jest.setTimeout(20_000);

const depositReply = (status: 'pending' | 'paid' = 'pending') => ({
  success: true,
  message: 'Pix gerado com sucesso!',
  payment: {
    id: 41,
    txid: 'tx41',
    amount: 25,
    formatted_amount: 'R$ 25,00',
    status,
    expires_at: '2026-11-22T12:00:00Z',
    paid_at: status === 'paid' ? '2026-11-20T12:01:00Z' : null,
  },
  pix: { qr_code: 'data:image/png;base64,AAAA', copy_paste_code: '00020126580014br.gov.bcb.pix0136abc' },
  sandbox_pay_url: '/payments/sandbox/charges/tx41/pay',
});

/** /carteiras with an active wallet, and one of its dialogs opened by its button. */
async function openDialog(button: string, title: string) {
  activeWalletServer();
  const rendered = renderAt('/carteiras');
  await rendered.user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...rendered, dialog };
}
const openDeposit = () => openDialog('Depositar', 'Depositar via Pix');
const openTransfer = () => openDialog('Transferir', 'Transferir via Pix');

const INSUFFICIENT = 'Saldo disponível insuficiente para esta transferência.';
const insufficientFunds = () => refused(INSUFFICIENT, { amount: [INSUFFICIENT] });

describe('POST /payments/deposits (deposit dialog)', () => {
  it('should show the schema messages for 0, 4,99 and an empty description, and count to 255', async () => {
    const { user, dialog } = await openDeposit();
    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    await user.type(amount, '0');
    expect(amount).toHaveValue('0,00');
    expect(await within(dialog).findByText('Valor deve ser maior que zero')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '499');
    expect(amount).toHaveValue('4,99');
    expect(await within(dialog).findByText('Valor mínimo para depósito é R$ 5,00')).toBeInTheDocument();

    expect(within(dialog).getByText('0/255')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Descrição' }), 'Rifa');
    expect(within(dialog).getByText('4/255')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Descrição' }));
    expect(await within(dialog).findByText('Descrição é obrigatória')).toBeInTheDocument();
    expect(server.callsTo('POST', '/payments/deposits')).toHaveLength(0);
  });

  it('should generate the Pix, copy the code for 2 s, simulate the payment and confirm it', async () => {
    server.on('POST', '/payments/deposits', () => reply(201, depositReply()));
    server.on('POST', '/payments/sandbox/charges/:txid/pay', () => ({
      success: true,
      message: 'Pagamento simulado com sucesso.',
    }));
    let paid = false;
    server.on('GET', '/payments/deposits/:id', () => depositReply(paid ? 'paid' : 'pending'));
    const { user, dialog } = await openDeposit();

    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    await user.type(amount, '2500');
    expect(amount).toHaveValue('25,00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Descrição' }), 'Reforço de caixa');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar Pix' }));

    const generated = await screen.findByRole('dialog', { name: 'Pix gerado' });
    expect(server.callsTo('POST', '/payments/deposits')[0]!.body).toEqual({
      amount: 25,
      description: 'Reforço de caixa',
      user_wallet_id: 7,
    });
    expect(within(generated).getByRole('img', { name: 'QR Code Pix' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(within(generated).getByDisplayValue('00020126580014br.gov.bcb.pix0136abc')).toBeInTheDocument();
    expect(within(generated).getByText('R$ 25,00')).toBeInTheDocument();
    expect(within(generated).getByText(/expira em 48 horas/)).toBeInTheDocument();
    expect(within(generated).getByText(/crédito é automático após o pagamento/)).toBeInTheDocument();

    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(generated).getByRole('button', { name: 'Copiar código' }));
    expect(within(generated).getByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('00020126580014br.gov.bcb.pix0136abc');
    await waitFor(() => expect(within(generated).getByRole('button', { name: 'Copiar código' })).toBeInTheDocument(), {
      timeout: 3_000,
    });

    const historyCalls = server.callsTo('GET', '/api/user-wallets/7/transactions').length;
    paid = true;
    await user.click(within(generated).getByRole('button', { name: 'Simular pagamento (sandbox)' }));
    expect(server.callsTo('POST', '/payments/sandbox/charges/tx41/pay')).toHaveLength(1);
    expect(await within(generated).findByText('Pagamento confirmado!', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(server.callsTo('GET', '/payments/deposits/41').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/user-wallets/7/transactions').length).toBeGreaterThan(historyCalls),
    );
  }, 15_000);

  it('should show the server message, or the default one, when the deposit fails', async () => {
    server.on('POST', '/payments/deposits', () => refused('A carteira ainda não está ativa.'));
    const { user, dialog } = await openDeposit();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Descrição' }), 'Teste');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar Pix' }));
    expect(await within(dialog).findByText('A carteira ainda não está ativa.')).toBeInTheDocument();

    server.on('POST', '/payments/deposits', () => reply(400, {}));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar Pix' }));
    expect(await within(dialog).findByText('Erro ao processar depósito. Tente novamente.')).toBeInTheDocument();
  });

  it('should go back to step 1 after Escape', async () => {
    server.on('POST', '/payments/deposits', () => reply(201, depositReply()));
    server.on('GET', '/payments/deposits/:id', () => depositReply());
    const { user, dialog } = await openDeposit();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '2500');
    await user.type(within(dialog).getByRole('textbox', { name: 'Descrição' }), 'Teste');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar Pix' }));
    await screen.findByRole('dialog', { name: 'Pix gerado' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Depositar' }));
    const again = await screen.findByRole('dialog', { name: 'Depositar via Pix' });
    expect(within(again).getByRole('textbox', { name: 'Valor' })).toHaveValue('');
    expect(within(again).getByRole('textbox', { name: 'Descrição' })).toHaveValue('');
  });
});

describe('POST /api/user-wallets/{id}/transfers (transfer dialog)', () => {
  it('should show the available balance and validate the Pix key', async () => {
    const { user, dialog } = await openTransfer();
    expect(await within(dialog).findByText(/R\$\s25,00/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), 'não é chave');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(
      await within(dialog).findByText('Chave Pix inválida. Use CPF, CNPJ, e-mail, celular (+55) ou chave aleatória.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/user-wallets/7/transfers')).toHaveLength(0);
  });

  it('should put the 422 errors on their fields', async () => {
    server.on('POST', '/api/user-wallets/:id/transfers', () => insufficientFunds());
    const { user, dialog } = await openTransfer();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '99900');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), 'ana@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Saldo disponível insuficiente para esta transferência.'),
    );
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('should send the normalised key, toast the success and refresh the history', async () => {
    server.on('POST', '/api/user-wallets/:id/transfers', () =>
      reply(201, {
        success: true,
        message: 'Transferência enviada com sucesso!',
        data: {
          id: 3,
          amount: 10,
          formatted_amount: 'R$ 10,00',
          pix_key: '52998224725',
          status: 'processing',
          created_at: '2026-11-20T12:00:00Z',
        },
      }),
    );
    const { user, dialog } = await openTransfer();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), '529.982.247-25');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/user-wallets/7/transfers')[0]!.body).toEqual({
      amount: 10,
      pix_key: '52998224725',
      description: '',
    });
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Transferência enviada com sucesso!');
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets/7/transactions')).toHaveLength(2));
  });

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const transferCreated = (status: 'completed' | 'failed', message: string) =>
    reply(201, {
      success: status !== 'failed',
      message,
      data: {
        id: 3,
        amount: 10,
        formatted_amount: 'R$ 10,00',
        pix_key: 'ana@exemplo.com.br',
        status,
        created_at: '2026-11-20T12:00:00Z',
      },
    });
  const keysSent = () =>
    server.callsTo('POST', '/api/user-wallets/7/transfers').map((call) => call.headers.get('idempotency-key'));

  it('should send an Idempotency-Key and reuse it when retrying after a network error', async () => {
    let attempt = 0;
    server.on('POST', '/api/user-wallets/:id/transfers', () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return transferCreated('completed', 'Transferência enviada com sucesso!');
    });
    const { user, dialog } = await openTransfer();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), 'ana@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Não foi possível confirmar a transferência. Tente novamente: ela não será feita em dobro.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [first, retry] = keysSent();
    expect(keysSent()).toHaveLength(2);
    expect(first).toMatch(UUID);
    // The retry of the same submission carries the same key: the server answers with the transfer it made.
    expect(retry).toBe(first);
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Transferência enviada com sucesso!');
  });

  it('should draw a new key for a new submission after the server refused one, and when the form changes', async () => {
    let attempt = 0;
    server.on('POST', '/api/user-wallets/:id/transfers', () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return insufficientFunds();
    });
    const { user, dialog } = await openTransfer();
    await within(dialog).findByText(/R\$\s25,00/);
    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    await user.type(amount, '100');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), 'ana@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    await within(dialog).findByRole('alert');
    // Another amount is another transfer: it must not get the first one's answer.
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    // Refused (422): nothing was created, so the same form submitted again is a new request.
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(keysSent()).toHaveLength(3));
    const [first, second, third] = keysSent();
    expect(new Set([first, second, third]).size).toBe(3);
    expect(server.callsTo('POST', '/api/user-wallets/7/transfers')[1]!.body).toMatchObject({ amount: 10 });
  });

  it('should refuse an amount above the available balance before sending anything', async () => {
    const { user, dialog } = await openTransfer();
    expect(await within(dialog).findByText(/R\$\s25,00/)).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    await user.type(amount, '2501');
    expect(amount).toHaveAccessibleDescription('Saldo disponível insuficiente para esta transferência.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), 'ana@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(server.callsTo('POST', '/api/user-wallets/7/transfers')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '2500');
    expect(amount).not.toHaveAccessibleDescription('Saldo disponível insuficiente para esta transferência.');
  });

  it('should keep the dialog open with the reason when the transfer failed and the money came back', async () => {
    const notSent =
      'Não foi possível enviar a transferência: o envio de Pix não está disponível no momento. ' +
      'O valor foi devolvido ao seu saldo disponível.';
    server.on('POST', '/api/user-wallets/:id/transfers', () => transferCreated('failed', notSent));
    useToastStore.getState().clear();
    const { user, dialog } = await openTransfer();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), 'ana@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(notSent);
    expect(screen.getByRole('dialog', { name: 'Transferir via Pix' })).toBeInTheDocument();
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).not.toContain(
      'Transferência enviada com sucesso!',
    );
    // The statement now shows the debit and its reversal.
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets/7/transactions')).toHaveLength(2));
  });
});

describe('wallet dialogs: the × and the browser Back', () => {
  it.each([
    ['Depositar', 'Depositar via Pix'],
    ['Transferir', 'Transferir via Pix'],
  ])('should close "%s" with its × or with Back, leaving no dialog entry in the history', async (button, title) => {
    activeWalletServer();
    const { user } = renderAt(['/dashboard', '/carteiras']);
    await user.click(await screen.findByRole('button', { name: button }));
    await screen.findByRole('dialog', { name: title });

    // Back closes the dialog and stays on the page.
    await browser.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/carteiras$/);

    // The × closes it too, the same as in the other wallet dialog.
    await user.click(screen.getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog).getByRole('button', { name: 'Fechar janela' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/carteiras$/);

    // Nothing of the dialogs is left in the history: Back now leaves the page.
    await browser.back();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/));
  });
});

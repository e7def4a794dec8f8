import { screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@rifaria/shared/ui';
import { browser, mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { activeWalletServer, historyLine, renderAt, refused, transactionsReply } from '../testing/fixtures';

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

const RECIPIENT = {
  name: 'Maria Aparecida Souza',
  document: '***.456.789-**',
  bank: 'Nu Pagamentos S.A. - Instituição de Pagamento',
  ispb: '18236120',
};
/** What the confirmation and the receipt both show of the transfer. */
const SHOWN = {
  amount: 10,
  formatted_amount: 'R$ 10,00',
  pix_key: '+55 (21) 98877-6655',
  pix_key_type: 'phone',
  pix_key_type_label: 'Celular',
  description: '',
};
const previewReply = (recipient: typeof RECIPIENT | null = RECIPIENT) =>
  reply(200, {
    success: true,
    message: 'Confira os dados antes de confirmar a transferência.',
    data: { ...SHOWN, recipient },
    sandbox: true,
  });
const E2E = 'E18236120202611201200AbCdEfGhIjK';
const transferCreated = (status: 'completed' | 'failed', message: string) =>
  reply(201, {
    success: status !== 'failed',
    message,
    data: {
      ...SHOWN,
      id: 3,
      recipient: RECIPIENT,
      status,
      end_to_end_id: status === 'completed' ? E2E : null,
      created_at: '2026-11-20T12:00:00Z',
      completed_at: status === 'completed' ? '2026-11-20T12:00:05Z' : null,
    },
  });
const previews = () => server.callsTo('POST', '/api/user-wallets/7/transfers/preview');
const transfers = () => server.callsTo('POST', '/api/user-wallets/7/transfers');

/** The transfer dialog filled in and taken to its confirmation step. */
async function toConfirmation(amount = '1000', key = '(21) 98877-6655') {
  server.on('POST', '/api/user-wallets/:id/transfers/preview', () => previewReply());
  const opened = await openTransfer();
  const { user, dialog } = opened;
  await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), amount);
  await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), key);
  await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
  await within(dialog).findByRole('button', { name: 'Confirmar transferência' });
  return opened;
}

describe('POST /api/user-wallets/{id}/transfers (transfer dialog)', () => {
  it('should show the available balance and validate the Pix key with its own message', async () => {
    const { user, dialog } = await openTransfer();
    expect(await within(dialog).findByText(/R\$\s25,00/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '1000');
    const key = within(dialog).getByRole('textbox', { name: 'Chave Pix' });
    await user.type(key, 'não é chave');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(key).toHaveAccessibleDescription(
        'Chave Pix inválida. Use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
      ),
    );
    await user.clear(key);
    await user.type(key, '(21) 3877-6655');
    await waitFor(() =>
      expect(key).toHaveAccessibleDescription('Celular inválido: informe DDD e número, como (21) 98877-6655.'),
    );
    expect(previews()).toHaveLength(0);
    expect(transfers()).toHaveLength(0);
  });

  it('should read a phone written with punctuation and say which type it read', async () => {
    const { user, dialog } = await openTransfer();
    const key = within(dialog).getByRole('textbox', { name: 'Chave Pix' });
    await user.type(key, '(21) 98877-6655');
    await waitFor(() => expect(key).toHaveAccessibleDescription('Tipo: Celular'));
    await user.clear(key);
    await user.type(key, '52998224725');
    // The field is validated as it changes; the empty field's message gives way to the type once the render settles.
    await waitFor(() => expect(key).toHaveAccessibleDescription('Tipo: CPF'));
    // The chosen type settles 11 digits: as 'Celular' a valid CPF is not a phone.
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de chave' }));
    await user.click(await screen.findByRole('option', { name: 'Celular' }));
    await waitFor(() =>
      expect(key).toHaveAccessibleDescription('Celular inválido: informe DDD e número, como (21) 98877-6655.'),
    );
  });

  it('should confirm the recipient and the amount before sending, then give the receipt with its PDF', async () => {
    server.on('POST', '/api/user-wallets/:id/transfers', () =>
      transferCreated('completed', 'Transferência enviada com sucesso!'),
    );
    const { user, dialog } = await toConfirmation();
    // The key the way the person wrote it goes out in DICT's form, with the type it was read as.
    expect(previews()[0]!.body).toEqual({
      amount: 10,
      pix_key: '+5521988776655',
      pix_key_type: 'phone',
      description: '',
    });
    expect(transfers()).toHaveLength(0);
    const shown = within(dialog);
    // Each value under its label ('Para', 'CPF/CNPJ', 'Instituição'…), as the PSP's directory answered.
    expect(shown.getByText('Para').nextElementSibling).toHaveTextContent('Maria Aparecida Souza');
    expect(shown.getByText('R$ 10,00')).toBeInTheDocument();
    expect(shown.getByText('Maria Aparecida Souza')).toBeInTheDocument();
    expect(shown.getByText('***.456.789-**')).toBeInTheDocument();
    expect(shown.getByText('Nu Pagamentos S.A. - Instituição de Pagamento')).toBeInTheDocument();
    expect(shown.getByText('+55 (21) 98877-6655 (Celular)')).toBeInTheDocument();
    expect(within(dialog).getByText(/sandbox/)).toBeInTheDocument();

    // 'Voltar' keeps what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(within(dialog).getByRole('textbox', { name: 'Chave Pix' })).toHaveValue('(21) 98877-6655');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar transferência' }));
    const receipt = await screen.findByRole('dialog', { name: 'Comprovante de transferência' });
    expect(transfers()[0]!.body).toEqual(previews()[1]!.body);
    expect(within(receipt).getByText('Transferência enviada')).toBeInTheDocument();
    expect(within(receipt).getByText(E2E)).toBeInTheDocument();
    expect(within(receipt).getByText('Maria Aparecida Souza')).toBeInTheDocument();
    expect(within(receipt).getByRole('link', { name: 'Baixar comprovante (PDF)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/user-wallets\/7\/transfers\/3\/comprovante\.pdf$/),
    );
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Transferência enviada com sucesso!');
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets/7/transactions')).toHaveLength(2));
    await user.click(within(receipt).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("should say 'Chave Pix não encontrada' on the key when the PSP does not know it", async () => {
    server.on('POST', '/api/user-wallets/:id/transfers/preview', () =>
      refused('Os dados informados são inválidos.', { pix_key: ['Chave Pix não encontrada'] }),
    );
    const { user, dialog } = await openTransfer();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '1000');
    const key = within(dialog).getByRole('textbox', { name: 'Chave Pix' });
    await user.type(key, 'ninguem@exemplo.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(key).toHaveAccessibleDescription('Chave Pix não encontrada'));
    expect(within(dialog).queryByRole('button', { name: 'Confirmar transferência' })).toBeNull();
  });

  it('should say plainly when the PSP cannot name the recipient before sending', async () => {
    server.on('POST', '/api/user-wallets/:id/transfers/preview', () => previewReply(null));
    const opened = await openTransfer();
    await opened.user.type(within(opened.dialog).getByRole('textbox', { name: 'Valor' }), '1000');
    await opened.user.type(within(opened.dialog).getByRole('textbox', { name: 'Chave Pix' }), '(21) 98877-6655');
    await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(opened.dialog).findByText(/não informa o nome e a instituição/)).toBeInTheDocument();
    expect(within(opened.dialog).getByRole('button', { name: 'Confirmar transferência' })).toBeEnabled();
  });

  it('should put the 422 errors on their fields', async () => {
    server.on('POST', '/api/user-wallets/:id/transfers/preview', () => insufficientFunds());
    const { user, dialog } = await openTransfer();
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor' }), '2000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), 'ana@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    await waitFor(() => expect(amount).toHaveAccessibleDescription(INSUFFICIENT));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const keysSent = () => transfers().map((call) => call.headers.get('idempotency-key'));

  it('should send an Idempotency-Key and reuse it when retrying after a network error', async () => {
    let attempt = 0;
    server.on('POST', '/api/user-wallets/:id/transfers', () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return transferCreated('completed', 'Transferência enviada com sucesso!');
    });
    const { user, dialog } = await toConfirmation();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar transferência' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Não foi possível confirmar a transferência. Tente novamente: ela não será feita em dobro.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar transferência' }));
    await screen.findByRole('dialog', { name: 'Comprovante de transferência' });
    const [first, retry] = keysSent();
    expect(keysSent()).toHaveLength(2);
    expect(first).toMatch(UUID);
    // The retry of the same submission carries the same key: the server answers with the transfer it made.
    expect(retry).toBe(first);
  });

  it('should draw a new key for a new submission after the server refused one, and when the form changes', async () => {
    let attempt = 0;
    server.on('POST', '/api/user-wallets/:id/transfers', () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return insufficientFunds();
    });
    const { user, dialog } = await toConfirmation('100', 'ana@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar transferência' }));
    await within(dialog).findByRole('alert');
    // Another amount is another transfer: it must not get the first one's answer.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar transferência' }));
    // Refused (422): back on the form with the reason on the field; nothing was created.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Valor' })).toHaveAttribute('aria-invalid', 'true'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar transferência' }));
    await waitFor(() => expect(keysSent()).toHaveLength(3));
    const [first, second, third] = keysSent();
    expect(new Set([first, second, third]).size).toBe(3);
    expect(transfers()[1]!.body).toMatchObject({ amount: 10 });
  });

  it('should refuse an amount above the available balance before asking anything', async () => {
    const { user, dialog } = await openTransfer();
    expect(await within(dialog).findByText(/R\$\s25,00/)).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    await user.type(amount, '2501');
    expect(amount).toHaveAccessibleDescription(INSUFFICIENT);
    await user.type(within(dialog).getByRole('textbox', { name: 'Chave Pix' }), 'ana@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(previews()).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '2500');
    expect(amount).not.toHaveAccessibleDescription(INSUFFICIENT);
  });

  it('should keep the dialog open with the reason when the transfer failed and the money came back', async () => {
    const notSent =
      'Não foi possível enviar a transferência: o envio de Pix não está disponível no momento. ' +
      'O valor foi devolvido ao seu saldo disponível.';
    server.on('POST', '/api/user-wallets/:id/transfers', () => transferCreated('failed', notSent));
    useToastStore.getState().clear();
    const { user, dialog } = await toConfirmation();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar transferência' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(notSent);
    expect(screen.getByRole('dialog', { name: 'Transferir via Pix' })).toBeInTheDocument();
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).not.toContain(
      'Transferência enviada com sucesso!',
    );
    // The statement now shows the debit and its reversal.
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets/7/transactions')).toHaveLength(2));
  });

  it('should open the receipt of a completed transfer from its line in the history', async () => {
    activeWalletServer();
    server.on('GET', '/api/user-wallets/:id/transactions', () =>
      transactionsReply([
        historyLine({
          id: 12,
          type: 'out',
          kind: 'transfer',
          description: 'Transferência Pix',
          amount: 10,
          transfer_id: 3,
        }),
      ]),
    );
    server.on('GET', '/api/user-wallets/:id/transfers/:transferId', () =>
      transferCreated('completed', 'Transferência enviada com sucesso!'),
    );
    const { user } = renderAt('/carteiras');
    await user.click(await screen.findByRole('button', { name: 'Comprovante: Transferência Pix' }));
    const receipt = await screen.findByRole('dialog', { name: 'Comprovante' });
    expect(await within(receipt).findByText(E2E)).toBeInTheDocument();
    expect(within(receipt).getByRole('link', { name: 'Baixar comprovante (PDF)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/user-wallets\/7\/transfers\/3\/comprovante\.pdf$/),
    );
    expect(server.callsTo('GET', '/api/user-wallets/7/transfers/3')).toHaveLength(1);
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

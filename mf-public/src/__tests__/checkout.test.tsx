import { act, screen, waitFor, within } from '@testing-library/react';
import { reply } from '@rifaria/shared/testing';
import type { Purchase } from '@rifaria/shared/types';
import {
  COMMITMENT,
  PURCHASE_HASH,
  mockFetchForFile,
  purchase,
  renderAt,
  serveCampaign,
  servePurchase,
  server,
} from '../testing/fixtures';

mockFetchForFile();
jest.setTimeout(20_000);

const CHECKOUT = `/p/checkout?compra=${PURCHASE_HASH}`;
const NOW = new Date('2026-11-21T12:00:00Z');

function gets() {
  return server.callsTo('GET', '/public/purchases/:hash').length;
}

function tick(ms: number) {
  return act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('checkout error screens', () => {
  it('should say "Hash da compra não encontrado na URL" without ?compra, with "Voltar ao início" to the public home', async () => {
    renderAt('/p/checkout');
    expect(screen.getByRole('heading', { name: 'Hash da compra não encontrado na URL' })).toBeInTheDocument();
    // Never '/', the organisers' area (its login) — issue 11.
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/p');
    expect(server.calls).toHaveLength(0);
  });

  it('should send "Voltar ao início" back to the campaign the buyer came from', async () => {
    serveCampaign();
    server.on('GET', '/public/purchases/:hash', () => ({ success: false, message: 'x' }));
    const visit = renderAt('/p/rifa-do-carro');
    expect(await screen.findByRole('heading', { name: 'Rifa do Carro 0km', level: 1 })).toBeInTheDocument();
    visit.unmount();

    const { user } = renderAt('/p/checkout?compra=link-quebrado');
    expect(await screen.findByRole('heading', { name: 'Compra não encontrada' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar ao início' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/p\/rifa-do-carro$/);
    expect(await screen.findByRole('heading', { name: 'Rifa do Carro 0km', level: 1 })).toBeInTheDocument();
  });

  it('should say "Compra não encontrada" on a 404 and on success=false', async () => {
    server.on('GET', '/public/purchases/:hash', () => reply(404, { success: false, message: 'Compra não encontrada' }));
    const first = renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Compra não encontrada' })).toBeInTheDocument();
    expect(server.calls[0]!.path).toBe(`/public/purchases/${PURCHASE_HASH}`);
    first.unmount();

    server.on('GET', '/public/purchases/:hash', () => ({ success: false, message: 'x' }));
    const { user } = renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Compra não encontrada' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar ao início' }));
    expect(await screen.findByRole('heading', { name: 'Boas-vindas à Rifaria' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/p$/);
  });

  it('should say "Erro ao carregar dados da compra" on other failures, and retry', async () => {
    let fail = true;
    server.on('GET', '/public/purchases/:hash', () =>
      fail ? reply(500, { success: false }) : { success: true, data: purchase() },
    );
    const { user } = renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Erro ao carregar dados da compra' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/p');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Finalizar pagamento' })).toBeInTheDocument();
  });
});

describe('GET /public/purchases/:hash (pending checkout)', () => {
  it('should show only the phone, and why, on a device that never proved being the buyer', async () => {
    servePurchase(() =>
      purchase({ buyer: { name: '', cpf: '***.***.***-**', email: null, phone: '(11) *****-4321' } }),
    );
    renderAt(CHECKOUT);
    const buyer = await screen.findByRole('region', { name: 'Dados do comprador' });
    expect(within(buyer).getByText('(11) *****-4321')).toBeVisible();
    expect(within(buyer).queryByText('Nome')).toBeNull();
    expect(within(buyer).queryByText('CPF')).toBeNull();
    expect(within(buyer).queryByText('Não informado')).toBeNull();
    expect(
      within(buyer).getByText(
        'Os demais dados do comprador aparecem só no aparelho em que ele se cadastrou ou confirmou o telefone.',
      ),
    ).toBeVisible();
  });

  it('should show the real Pix QR and code, the numbers, the amber badge, masked buyer data, date and help link', async () => {
    servePurchase(() => purchase());
    const { user } = renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Finalizar pagamento' })).toBeInTheDocument();
    expect(server.calls[0]!.headers.get('authorization')).toBeNull();

    expect(screen.getByRole('img', { name: 'QR Code Pix' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    const code = purchase().payment!.copy_paste_code;
    const field = screen.getByRole('textbox', { name: 'Pix copia e cola' });
    expect(field).toHaveValue(code);
    // Issue 30: as many rows as the code needs (~36 characters a row), not 3 that cut it.
    expect(field).toHaveAttribute('rows', String(Math.min(8, Math.max(3, Math.ceil(code.length / 36)))));
    expect(Number(field.getAttribute('rows')) * 36).toBeGreaterThanOrEqual(Math.min(code.length, 8 * 36));
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(await screen.findByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(code);

    const numbers = screen.getByRole('list', { name: 'Seus números' });
    expect(
      within(numbers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0042', '7310', '9999']);

    const summary = screen.getByRole('region', { name: 'Resumo da compra' });
    expect(within(summary).getByText('Pendente').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    expect(within(summary).getByText('21/11/2026 às 09:00')).toBeInTheDocument();
    expect(within(summary).getByText('3 números')).toBeInTheDocument();
    expect(within(summary).getByText('R$ 3,00')).toBeInTheDocument();

    const buyer = screen.getByRole('region', { name: 'Dados do comprador' });
    expect(within(buyer).getByText('Maria Oliveira')).toBeInTheDocument();
    expect(within(buyer).getByText('***.***.***-25')).toBeInTheDocument();
    expect(within(buyer).getByText('(11) *****-4321')).toBeInTheDocument();
    expect(within(buyer).getByText('m***@gmail.com')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Falar com o organizador no WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/5511987654321\?text=.*f3b1c2d4/,
    );
    expect(screen.queryByRole('button', { name: 'Simular pagamento (sandbox)' })).not.toBeInTheDocument();
  });

  it('should count down from the server expires_at corrected for a device clock 3 minutes behind', async () => {
    jest.useFakeTimers({ now: NOW });
    // The server's clock says 12:03 while the phone says 12:00; the purchase expires at 12:13 server time.
    servePurchase(() => purchase({ server_time: '2026-11-21T12:03:00.000Z', expires_at: '2026-11-21T12:13:00.000Z' }));
    renderAt(CHECKOUT, { advanceTimers: jest.advanceTimersByTime });
    const timer = await screen.findByRole('timer', { name: 'Tempo restante para pagar' });
    expect(timer).toHaveTextContent('10:00');
    await tick(1_000);
    expect(timer).toHaveTextContent('09:59');
  });

  it('should turn red with "Atenção! Menos de 1 minuto restante" at 60 s, then show the expired screen at 0', async () => {
    jest.useFakeTimers({ now: NOW });
    let status: Purchase['status'] = { id: 1, name: 'Pendente' };
    servePurchase(() =>
      purchase({
        status,
        server_time: new Date(Date.now()).toISOString(),
        expires_at: '2026-11-21T12:01:01.000Z',
      }),
    );
    renderAt(CHECKOUT, { advanceTimers: jest.advanceTimersByTime });
    const timer = await screen.findByRole('timer', { name: 'Tempo restante para pagar' });
    expect(timer).toHaveTextContent('01:01');
    expect(timer).toHaveAttribute('data-warning', 'false');
    expect(screen.queryByText('Atenção! Menos de 1 minuto restante')).not.toBeInTheDocument();

    await tick(1_000);
    expect(timer).toHaveTextContent('01:00');
    expect(timer).toHaveAttribute('data-warning', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Atenção! Menos de 1 minuto restante');

    await tick(59_000);
    expect(await screen.findByRole('heading', { name: 'Pagamento expirado' })).toBeInTheDocument();
    expect(screen.getByText(/Esta compra foi cancelada e os números reservados foram liberados/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comprar novos números' })).toHaveAttribute('href', '/p/rifa-do-carro');
    expect(screen.getByRole('link', { name: 'Meus números' })).toHaveAttribute('href', '/p/rifa-do-carro/meus-numeros');
    expect(screen.queryByRole('link', { name: 'Ir para o início' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR Code Pix' })).not.toBeInTheDocument();

    // The server cancels it: polling stops.
    status = { id: 3, name: 'Cancelado' };
    await tick(3_000);
    const afterCancel = gets();
    await tick(9_000);
    expect(gets()).toBe(afterCancel);
    expect(
      within(screen.getByRole('region', { name: 'Resumo da compra' }))
        .getByText('Cancelado')
        .closest('.MuiChip-root'),
    ).toHaveClass('MuiChip-colorError');
  });

  it('should poll every 3 s and switch to Pago by itself, with the numbers prominent, then stop polling', async () => {
    jest.useFakeTimers({ now: NOW });
    let paid = false;
    servePurchase(() =>
      paid
        ? purchase({ status: { id: 2, name: 'Pago' }, paid_at: new Date().toISOString(), payment: null })
        : purchase(),
    );
    renderAt(CHECKOUT, { advanceTimers: jest.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Finalizar pagamento' });
    expect(gets()).toBe(1);
    await tick(3_000);
    expect(gets()).toBe(2);
    paid = true;
    await tick(3_000);
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado!' })).toBeInTheDocument();
    expect(screen.getByText('Sorteio: 19/12/2026 às 20:00')).toBeInTheDocument();
    // Every buyer keeps the commitment published before the draw: a file with another seed is caught.
    const receipt = screen.getByRole('region', { name: 'Compromisso do sorteio (SHA-256 da semente)' });
    expect(within(receipt).getByText(COMMITMENT)).toBeInTheDocument();
    expect(within(receipt).getByText(/deve trazer exatamente este compromisso/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Seus números' })).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(screen.getByRole('region', { name: 'Resumo da compra' }))
        .getByText('Pago')
        .closest('.MuiChip-root'),
    ).toHaveClass('MuiChip-colorSuccess');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    // Not a dead end: back to the campaign, and to all the buyer's numbers.
    expect(screen.getByRole('link', { name: 'Meus números' })).toHaveAttribute('href', '/p/rifa-do-carro/meus-numeros');
    expect(screen.getByRole('link', { name: 'Voltar para a campanha' })).toHaveAttribute('href', '/p/rifa-do-carro');
    // The receipt (comprovante), made by the API: a plain download link, no PDF code in the page.
    const receiptLink = screen.getByRole('link', { name: 'Baixar comprovante (PDF)' });
    expect(new URL(receiptLink.getAttribute('href')!).pathname).toBe(
      `/public/purchases/${PURCHASE_HASH}/comprovante.pdf`,
    );
    expect(receiptLink).toHaveAttribute('download');
    const calls = gets();
    await tick(12_000);
    expect(gets()).toBe(calls);
  });

  it('should pause polling while the tab is hidden and fetch at once when it is visible again', async () => {
    jest.useFakeTimers({ now: NOW });
    servePurchase(() => purchase());
    renderAt(CHECKOUT, { advanceTimers: jest.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Finalizar pagamento' });
    act(() => setVisibility('hidden'));
    await tick(12_000);
    expect(gets()).toBe(1);
    act(() => setVisibility('visible'));
    await tick(0);
    expect(gets()).toBe(2);
    await tick(3_000);
    expect(gets()).toBe(3);
  });

  it("should say on a 'Loteria Federal' receipt that the winners come from Caixa's result, with no commitment", async () => {
    const paid = purchase({ status: { id: 2, name: 'Pago' }, payment: null });
    servePurchase(() => ({ ...paid, campaign: { ...paid.campaign, draw_method: 'federal', draw_commitment: null } }));
    renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado!' })).toBeInTheDocument();
    expect(
      screen.getByText(/resultado oficial da Caixa do primeiro concurso a partir da data do sorteio/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Compromisso do sorteio/ })).not.toBeInTheDocument();
  });

  it('should offer no receipt link to a device that did not prove the buyer (the API would refuse it)', async () => {
    const paid = purchase({ status: { id: 2, name: 'Pago' }, payment: null });
    servePurchase(() => ({
      ...paid,
      buyer: { name: '', cpf: '***.***.***-**', email: null, phone: paid.buyer.phone },
    }));
    renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado!' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baixar comprovante (PDF)' })).not.toBeInTheDocument();
  });

  it('should simulate the payment in sandbox mode and show Pago without reloading', async () => {
    let paid = false;
    servePurchase(() =>
      paid ? purchase({ status: { id: 2, name: 'Pago' }, payment: null, sandbox: true }) : purchase({ sandbox: true }),
    );
    server.on('POST', '/payments/sandbox/charges/:txid/pay', () => {
      paid = true;
      return { success: true, message: 'Pagamento simulado com sucesso.' };
    });
    const { user } = renderAt(CHECKOUT);
    await user.click(await screen.findByRole('button', { name: 'Simular pagamento (sandbox)' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento confirmado!' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/payments/sandbox/charges/:txid/pay')[0]!.params.txid).toBe(
      'TXID0123456789abcdefghijklmnopq',
    );
  });

  it('should show the sandbox error message when the simulated payment is refused', async () => {
    servePurchase(() => purchase({ sandbox: true }));
    server.on('POST', '/payments/sandbox/charges/:txid/pay', () =>
      reply(422, { success: false, message: 'Cobrança expirada ou cancelada.' }),
    );
    const { user } = renderAt(CHECKOUT);
    await user.click(await screen.findByRole('button', { name: 'Simular pagamento (sandbox)' }));
    expect(await screen.findByText('Cobrança expirada ou cancelada.')).toBeInTheDocument();
  });
});

describe('cancelled and paid-to-refund purchases', () => {
  it('should show the expired screen for a Cancelado purchase and check again on request', async () => {
    servePurchase(() => purchase({ status: { id: 3, name: 'Cancelado' }, payment: null, tickets: [] }));
    const { user } = renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Pagamento expirado' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verificar pagamento novamente' }));
    await waitFor(() => expect(gets()).toBe(2));
  });

  /** A Cancelado purchase reserved at 12:00 whose reservation ended at `end` (12:MM). */
  const ended = (end: string, overrides: Partial<Purchase> = {}) =>
    servePurchase(() =>
      purchase({
        status: { id: 3, name: 'Cancelado' },
        payment: null,
        tickets: [],
        purchased_at: '2026-11-21T12:00:00.000Z',
        expires_at: `2026-11-21T${end}:00.000Z`,
        ...overrides,
      }),
    );

  it('should say the real window of a normal expiry: 10 minutes from the reservation', async () => {
    ended('12:10');
    renderAt(CHECKOUT);
    expect(await screen.findByText(/^O prazo de 10 minutos para pagamento terminou\./)).toBeInTheDocument();
  });

  it('should say sales closed for the draw, link to the result and offer no new purchase (issue 30)', async () => {
    // Reserved 4 minutes before the draw: the deadline was the draw, not 10 minutes.
    ended('12:04', { ends_at_draw: true });
    renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Vendas encerradas' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'As vendas foram encerradas para o sorteio de 19/12/2026 às 20:00. Esta compra foi cancelada e os números ' +
          'reservados não entram no sorteio.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/O prazo de/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver o resultado do sorteio' })).toHaveAttribute(
      'href',
      '/p/rifa-do-carro/resultado',
    );
    expect(screen.queryByRole('link', { name: 'Comprar novos números' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meus números' })).toBeInTheDocument();
  });

  it.each([
    ['pending', 'Devolução em andamento: o valor volta para a conta de origem do Pix em instantes.'],
    ['refunded', 'Devolução concluída: o valor já foi devolvido para a conta de origem do Pix.'],
    [
      'failed',
      'A devolução automática não foi concluída. Fale com o organizador pelo WhatsApp para receber o valor de volta.',
    ],
  ] as const)('should explain a payment after expiry with refund_status %s', async (refund, text) => {
    servePurchase(() =>
      purchase({ status: { id: 3, name: 'Cancelado' }, refund_status: refund, payment: null, tickets: [] }),
    );
    renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Pagamento recebido após o prazo' })).toBeInTheDocument();
    expect(screen.getByText(/O valor pago é devolvido integralmente/)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comprar novos números' })).toHaveAttribute('href', '/p/rifa-do-carro');
  });
});

describe('a paid purchase refunded (Reembolsado, issue 32)', () => {
  it("should say 'Reembolsado', and that the Rifaria team finishes a refund the bank has not done yet", async () => {
    servePurchase(() =>
      purchase({ status: { id: 4, name: 'Reembolsado' }, refund_status: 'failed', payment: null, tickets: [] }),
    );
    renderAt(CHECKOUT);
    expect(await screen.findByRole('heading', { name: 'Reembolsado' })).toBeInTheDocument();
    expect(screen.getByText(/Esta compra foi cancelada antes do sorteio/)).toHaveTextContent(
      'o valor pago é devolvido integralmente para a conta de origem do Pix',
    );
    expect(
      screen.getByText(
        'A devolução ainda não foi concluída pelo banco. A equipe da Rifaria já foi avisada e vai concluir a devolução.',
      ),
    ).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { mockFetchForFile, server } from '@rifaria/shared/testing';
import type { AdminPurchase, AdminPurchaseDetail, AdminRefund } from '@rifaria/shared/types';
import { expectPosted, fillReason, openDialog, pasteFields } from '../testing/actions';
import { notFound, serve, signedIn } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile();

const HASH = 'a1b2c3';

function purchase(overrides: Partial<AdminPurchase> = {}): AdminPurchase {
  const buyer = { name: 'Carla Dias', phone: '(11) 91234-5678', email: null, cpf: '***.***.***-09' };
  const campaign = { id: 3, name: 'Rifa da Formatura', link: 'rifa-da-formatura' };
  const times = { purchased_at: '2026-11-28T13:00:00.000Z', paid_at: '2026-11-28T13:02:00.000Z' };
  return {
    purchase_hash: HASH,
    campaign,
    status: { id: 2, name: 'Pago' },
    refund_status: null,
    total_tickets: 2,
    total_value: 20,
    ...times,
    buyer,
    ...overrides,
  };
}

function detail(overrides: Partial<AdminPurchaseDetail> = {}): AdminPurchaseDetail {
  const pix = {
    txid: 'tx123',
    charge_status: 'CONCLUIDA',
    payments: [{ end_to_end_id: 'E123', value: 20, paid_at: '2026-11-28T13:02:00.000Z' }],
  };
  const history = [
    { status: 'Pendente', at: '2026-11-28T13:00:00.000Z' },
    { status: 'Pago', at: '2026-11-28T13:02:00.000Z' },
  ];
  return { ...purchase(), history, pix, refund: null, ...overrides };
}

describe('Purchases', () => {
  it('should ask for a search first, then list what it finds', async () => {
    serve('/api/admin/purchases', { items: [purchase({ refund_status: 'failed' })] });
    const { user } = renderAt('/admin/compras');
    expect(await screen.findByText(/Busque uma compra por telefone/)).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/purchases')).toHaveLength(0);

    await pasteFields(user, document.body, { 'Telefone, CPF, código da compra, txid ou E2E': '11912345678' });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const table = await screen.findByRole('table', { name: 'Compras encontradas' });
    expect(within(table).getByText('Pago · reembolso recusado')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: HASH })).toHaveAttribute('href', `/admin/compras/${HASH}`);
    expect(server.callsTo('GET', '/api/admin/purchases')[0]?.url.search).toBe('?q=11912345678');
  });

  it('should say when nothing is found', async () => {
    serve('/api/admin/purchases', { items: [] });
    const { user } = renderAt('/admin/compras');
    await screen.findByText(/Busque uma compra/);
    await pasteFields(user, document.body, { 'Telefone, CPF, código da compra, txid ou E2E': 'x' });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Nenhuma compra encontrada.')).toBeInTheDocument();
  });

  it('should show the history and the Pix, refund with a reason and resend the confirmation', async () => {
    serve(`/api/admin/purchases/${HASH}`, detail());
    server.on('POST', `/api/admin/purchases/${HASH}/refund`, () => ({ success: true, message: 'ok' }));
    server.on('POST', `/api/admin/purchases/${HASH}/resend-confirmation`, () => ({ success: true, message: 'ok' }));
    const { user } = renderAt(`/admin/compras/${HASH}`);
    expect(await screen.findByRole('region', { name: 'Histórico' })).toHaveTextContent('Pendente');
    expect(screen.getByRole('region', { name: 'Pix' })).toHaveTextContent('E2E E123');

    await user.click(screen.getByRole('button', { name: 'Reenviar confirmação' }));
    expect(await screen.findByText('Confirmação reenviada ao comprador.')).toBeInTheDocument();

    const dialog = await openDialog(user, 'Reembolsar', 'Reembolsar compra');
    await fillReason(user, dialog, { text: 'Pedido do comprador', submit: 'Reembolsar' });
    await expectPosted('Reembolso solicitado.', `/api/admin/purchases/${HASH}/refund`, {
      reason: 'Pedido do comprador',
    });
  });

  it('should say when the purchase does not exist', async () => {
    signedIn();
    server.on('GET', '/api/admin/purchases/nada', () => notFound());
    renderAt('/admin/compras/nada');
    expect(await screen.findByText('Compra não encontrada.')).toBeInTheDocument();
  });
});

describe('Refunds', () => {
  it('should list the refunds the PSP refused, and those in progress', async () => {
    const refused: AdminRefund = {
      purchase_hash: HASH,
      campaign: { id: 3, name: 'Rifa da Formatura' },
      status: { id: 2, name: 'Pago' },
      refund_status: 'failed',
      refund_id: 'D1',
      value: 20,
      reason: 'Campanha cancelada',
      error: 'Saldo insuficiente',
      requested_at: '2026-11-28T14:00:00.000Z',
      attempted_at: '2026-11-28T14:01:00.000Z',
      refunded_at: null,
    };
    serve('/api/admin/refunds', { items: [refused] });
    const { user } = renderAt('/admin/reembolsos');
    const table = await screen.findByRole('table', { name: 'Reembolsos' });
    expect(within(table).getByText('Saldo insuficiente')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/refunds')[0]?.url.search).toBe('?status=failed');

    server.on('GET', '/api/admin/refunds', () => ({ items: [] }));
    await user.click(screen.getByRole('button', { name: 'Em andamento' }));
    expect(await screen.findByText('Nenhum reembolso em andamento.')).toBeInTheDocument();
  });
});

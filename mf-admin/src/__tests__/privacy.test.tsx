import { screen, waitFor, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import type { AdminPrivacyRequest } from '@rifaria/shared/schemas';
import { openDialog } from '../testing/actions';
import { serve } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile();

function request(overrides: Partial<AdminPrivacyRequest> = {}): AdminPrivacyRequest {
  const buyer = { id: 'b1', name: 'Carla Dias', phone: '(11) *****-5678', cpf: '***.***.***-09', anonymised: false };
  return {
    id: 'r1',
    kind: 'export',
    status: 'pending',
    created_at: '2026-11-28T13:00:00.000Z',
    confirmed_at: '2026-11-28T13:05:00.000Z',
    done_at: null,
    buyer,
    ...overrides,
  };
}

describe('Privacy (LGPD) requests', () => {
  it('should download an export request’s JSON file', async () => {
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:dados');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    serve('/api/admin/privacy-requests', { items: [request()], total: 1 });
    server.on('POST', '/api/admin/privacy-requests/r1/export', () =>
      reply(200, { generated_at: '2026-11-29', buyer: { id: 'b1', name: 'Carla Dias', cpf: null } }),
    );
    const { user } = renderAt('/admin/privacidade');
    const table = await screen.findByRole('table', { name: 'Pedidos LGPD' });
    expect(within(table).getByText('Cópia dos dados')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Baixar dados (JSON)' }));
    expect(await screen.findByText('Arquivo baixado; o pedido foi atendido.')).toBeInTheDocument();
    expect(saved).toEqual(['dados-titular-r1.json']);
  });

  it('should execute a deletion after the confirmation', async () => {
    serve('/api/admin/privacy-requests', { items: [request({ kind: 'deletion' })], total: 1 });
    server.on('POST', '/api/admin/privacy-requests/r1/execute', () => {
      server.on('GET', '/api/admin/privacy-requests', () => ({ items: [], total: 0 }));
      return { success: true, message: 'ok' };
    });
    const { user } = renderAt('/admin/privacidade');
    const dialog = await openDialog(user, 'Excluir dados', 'Excluir os dados do titular');
    expect(within(dialog).getByText(/Titular removido/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir dados' }));
    expect(await screen.findByText('Dados do titular excluídos.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum pedido pendente.')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/privacy-requests/r1/execute')).toHaveLength(1));
  });

  it('should list the requests answered', async () => {
    serve('/api/admin/privacy-requests', { items: [], total: 0 });
    const { user } = renderAt('/admin/privacidade');
    await screen.findByText('Nenhum pedido pendente.');
    const done = request({ kind: 'deletion', status: 'done', done_at: '2026-11-29T10:00:00.000Z' });
    server.on('GET', '/api/admin/privacy-requests', () => ({
      items: [{ ...done, buyer: { ...done.buyer, name: 'Titular removido', anonymised: true } }],
      total: 1,
    }));
    await user.click(screen.getByRole('button', { name: 'Atendidos' }));
    expect(await screen.findByText('anonimizado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir dados' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/privacy-requests').at(-1)?.url.search).toBe('?status=done');
  });
});

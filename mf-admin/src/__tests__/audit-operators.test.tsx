import { screen, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import type { AuditEntry } from '../features/audit/api/audit-log';
import type { OperatorsReply } from '../features/operators/api/operators';
import { openDialog, pasteFields } from '../testing/actions';
import { OPERATOR, refused, serve } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile();

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const target = { action: 'campaign.suspend', target_type: 'campaign', target_id: '3' };
  return {
    id: '1',
    created_at: '2026-11-28T13:00:00.000Z',
    operator: OPERATOR,
    ...target,
    before: { status: 2 },
    after: { status: 5 },
    address: '10.0.0.1',
    ...overrides,
  };
}

const auditPage = (items: AuditEntry[], total = items.length, page = 1) => ({ items, total, page, per_page: 50 });

describe('Audit log', () => {
  it('should list who did what, to what, from where, with the before and after', async () => {
    serve(
      '/api/admin/audit-log',
      auditPage([entry(), entry({ id: '2', operator: null, action: 'draw.auto', target_id: '9' })]),
    );
    renderAt('/admin/auditoria');
    const table = await screen.findByRole('table', { name: 'Registro de auditoria' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('campaign.suspend')).toBeInTheDocument();
    expect(within(first!).getByText('campaign #3')).toBeInTheDocument();
    expect(within(first!).getByText('10.0.0.1')).toBeInTheDocument();
    expect(within(first!).getByText(/"status": 5/)).toBeInTheDocument();
    expect(within(second!).getByText('Sistema')).toBeInTheDocument();
  });

  it('should filter, go back to page 1 and page on', async () => {
    serve('/api/admin/audit-log', auditPage([entry()], 120));
    const { user } = renderAt('/admin/auditoria');
    await user.click(await screen.findByRole('button', { name: 'Próxima' }));
    expect(server.callsTo('GET', '/api/admin/audit-log').at(-1)?.url.search).toBe('?page=2');

    await pasteFields(user, document.body, { Ação: 'campaign.cancel' });
    await user.type(screen.getByLabelText('De'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(server.callsTo('GET', '/api/admin/audit-log').at(-1)?.url.search).toBe(
      '?action=campaign.cancel&from=2026-11-01&page=1',
    );

    server.on('GET', '/api/admin/audit-log', () => auditPage([]));
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(await screen.findByText('Nenhum registro encontrado.')).toBeInTheDocument();
  });
});

const operators = (invites: OperatorsReply['invites'] = []): OperatorsReply => ({
  items: [
    {
      id: 'op-1',
      name: OPERATOR.name,
      email: OPERATOR.email,
      totp_enrolled: true,
      created_at: '2026-11-01T12:00:00.000Z',
      invited_by: null,
    },
  ],
  invites,
});

describe('Operators', () => {
  it('should list the operators and invite one by e-mail', async () => {
    serve('/api/admin/operators', operators());
    server.on('POST', '/api/admin/operators/invites', () => {
      server.on('GET', '/api/admin/operators', () =>
        operators([
          {
            id: 'i1',
            email: 'bruno@rifaria.com.br',
            name: 'Bruno',
            created_at: '2026-11-29T12:00:00.000Z',
            expires_at: '2026-12-02T12:00:00.000Z',
          },
        ]),
      );
      return reply(201, { success: true, message: 'Convite enviado.' });
    });
    const { user } = renderAt('/admin/operadores');
    const table = await screen.findByRole('table', { name: 'Operadores' });
    expect(within(table).getByText('Cadastrado')).toBeInTheDocument();
    expect(screen.getByText('Nenhum convite pendente.')).toBeInTheDocument();

    const dialog = await openDialog(user, 'Convidar operador', 'Convidar operador');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(within(dialog).getByText('E-mail é obrigatório')).toBeInTheDocument();
    await pasteFields(user, dialog, { Nome: 'Bruno', 'E-mail': 'bruno@rifaria.com.br' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));

    expect(await screen.findByText('Convite enviado por e-mail.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/operators/invites')[0]?.body).toEqual({
      name: 'Bruno',
      email: 'bruno@rifaria.com.br',
    });
    expect(await screen.findByRole('table', { name: 'Convites pendentes' })).toHaveTextContent('bruno@rifaria.com.br');
  });

  it('should keep the dialog with the refusal', async () => {
    serve('/api/admin/operators', operators());
    server.on('POST', '/api/admin/operators/invites', () => refused(409, 'Este e-mail já é de um operador.'));
    const { user } = renderAt('/admin/operadores');
    const dialog = await openDialog(user, 'Convidar operador', 'Convidar operador');
    await pasteFields(user, dialog, { Nome: 'Olga', 'E-mail': OPERATOR.email });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findByText('Este e-mail já é de um operador.')).toBeInTheDocument();
  });
});

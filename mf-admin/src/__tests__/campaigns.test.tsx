import { screen, within } from '@testing-library/react';
import { mockFetchForFile, server } from '@rifaria/shared/testing';
import type { AdminCampaign, AdminCampaignReport } from '@rifaria/shared/types';
import { expectPosted, fillReason, openDialog, pasteFields } from '../testing/actions';
import { refused, serve } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile();

function campaign(overrides: Partial<AdminCampaign> = {}): AdminCampaign {
  return {
    id: 3,
    name: 'Rifa da Formatura',
    link: 'rifa-da-formatura',
    status: { id: 2, description: 'Publicada' },
    draw_date: '2026-12-20T22:00:00.000Z',
    organizer: { id: 1, name: 'Ana Paula Souza', email: 'ana@rifaria.com.br' },
    open_reports: 1,
    paid_purchases: 3,
    paid_value: 30,
    suspended_at: null,
    suspension_reason: null,
    cancel_reason: null,
    ...overrides,
  };
}

function report(overrides: Partial<AdminCampaignReport> = {}): AdminCampaignReport {
  return {
    id: 11,
    campaign: {
      id: 3,
      name: 'Rifa da Formatura',
      link: 'rifa-da-formatura',
      status: { id: 2, description: 'Publicada' },
    },
    reason: 'premio_inexistente',
    description: 'O prêmio não existe.',
    phone: '11987654321',
    status: 'open',
    created_at: '2026-11-28T13:00:00.000Z',
    ...overrides,
  };
}

const list = <T,>(...items: T[]) => ({ items, total: items.length });

describe('Reports', () => {
  it('should list the open reports and suspend the campaign with a reason', async () => {
    serve('/api/admin/campaign-reports', list(report()));
    server.on('POST', '/api/admin/campaigns/3/suspend', () => ({ success: true, message: 'Campanha suspensa.' }));
    const { user } = renderAt('/admin/denuncias');
    const table = await screen.findByRole('table', { name: 'Denúncias' });
    expect(within(table).getByText('Prêmio inexistente')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Rifa da Formatura' })).toHaveAttribute(
      'href',
      '/p/rifa-da-formatura',
    );

    await user.click(within(table).getByRole('button', { name: 'Suspender Rifa da Formatura' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspender campanha: Rifa da Formatura' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspender' }));
    expect(within(dialog).getByText('Informe o motivo.')).toBeInTheDocument();
    await fillReason(user, dialog, { text: 'Denúncia confirmada', submit: 'Suspender' });
    await expectPosted('Campanha suspensa.', '/api/admin/campaigns/3/suspend', { reason: 'Denúncia confirmada' });
    expect(server.callsTo('GET', '/api/admin/campaign-reports')).toHaveLength(2);
  });

  it('should say when no report is open, and filter the resolved ones', async () => {
    serve('/api/admin/campaign-reports', list());
    const { user } = renderAt('/admin/denuncias');
    expect(await screen.findByText('Nenhuma denúncia aberta.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resolvidas' }));
    expect(await screen.findByText('Nenhuma denúncia resolvida.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/campaign-reports').at(-1)?.url.search).toBe('?status=resolved');
  });
});

describe('Campaigns', () => {
  it('should search, reinstate a suspended campaign and cancel with refunds', async () => {
    serve(
      '/api/admin/campaigns',
      list(
        campaign(),
        campaign({
          id: 4,
          name: 'Rifa do Carro',
          status: { id: 5, description: 'Suspensa' },
          suspension_reason: 'Golpe',
          paid_purchases: 0,
          paid_value: 0,
        }),
      ),
    );
    server.on('POST', '/api/admin/campaigns/4/reinstate', () => ({ success: true, message: 'Campanha reativada.' }));
    server.on('POST', '/api/admin/campaigns/3/cancel', () => ({ success: true, message: 'ok' }));
    const { user } = renderAt('/admin/campanhas');
    const table = await screen.findByRole('table', { name: 'Campanhas' });
    expect(within(table).getByText('Suspensa · Golpe')).toBeInTheDocument();
    expect(within(table).getByText('3 · R$ 30,00')).toBeInTheDocument();

    await pasteFields(user, document.body, { 'Id, link ou nome da campanha': 'rifa' });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('table', { name: 'Campanhas' });
    expect(server.callsTo('GET', '/api/admin/campaigns').at(-1)?.url.search).toBe('?q=rifa');

    await user.click(screen.getByRole('button', { name: 'Reativar Rifa do Carro' }));
    expect(await screen.findByText('Campanha reativada.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar com reembolso Rifa da Formatura' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar com reembolso: Rifa da Formatura' });
    expect(within(dialog).getByText(/cada compra paga é reembolsada/)).toBeInTheDocument();
    await fillReason(user, dialog, { text: 'Prêmio não será entregue', submit: 'Cancelar com reembolso' });
    await expectPosted('Campanha cancelada. Os reembolsos estão em andamento.', '/api/admin/campaigns/3/cancel', {
      reason: 'Prêmio não será entregue',
    });
  });

  it('should filter by status and say when nothing matches', async () => {
    serve('/api/admin/campaigns', list());
    const { user } = renderAt('/admin/campanhas');
    expect(await screen.findByText('Nenhuma campanha encontrada.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Situação' })).getByRole('button', { name: 'Suspensa' }));
    await screen.findByText('Nenhuma campanha encontrada.');
    expect(server.callsTo('GET', '/api/admin/campaigns').at(-1)?.url.search).toBe('?q=&status=5');
  });

  it('should show the refusal of an action in its dialog', async () => {
    serve('/api/admin/campaigns', list(campaign()));
    server.on('POST', '/api/admin/campaigns/3/suspend', () => refused(409, 'A campanha já foi sorteada.'));
    const { user } = renderAt('/admin/campanhas');
    const dialog = await openDialog(user, 'Suspender Rifa da Formatura', 'Suspender campanha: Rifa da Formatura');
    await fillReason(user, dialog, { text: 'x', submit: 'Suspender' });
    expect(await within(dialog).findByText('A campanha já foi sorteada.')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import type { Overview, OverviewDay } from '../features/home/api/get-overview';
import type { OverdueDraw } from '../features/home/api/get-overdue-draws';
import { serve } from '../testing/fixtures';
import { renderAt } from '../testing/render';

// apexcharts needs a real layout engine: the lazily loaded chart shows its series as text instead.
jest.mock('../features/home/components/overview-chart', () => ({
  __esModule: true,
  default: ({ days }: { days: OverviewDay[] }) => (
    <p data-testid="chart">{days.map((day) => `${day.day}:${day.sales_value}/${day.paid_purchases}`).join(' ')}</p>
  ),
}));

const overdue = (...items: OverdueDraw[]) => ({ items, auto_draw_after_hours: 24 });

mockFetchForFile({ beforeEach: () => server.on('GET', '/api/admin/overdue-draws', () => overdue()) });

function overview(sales = true): Overview {
  const days = Array.from({ length: 30 }, (_, index) => ({
    day: `2026-11-${String(index + 1).padStart(2, '0')}`,
    sales_value: sales && index === 29 ? 150_000 : 0,
    paid_purchases: sales && index === 29 ? 3 : 0,
  }));
  return {
    days,
    conversion: { reserved: 8, paid: 6, rate: 0.75 },
    active_campaigns: 12,
    open_reports: 2,
    pending_kyc: 4,
    mismatches: 1,
  };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('Console home', () => {
  it('should show the queues, the conversion, the day and the 30 days chart', async () => {
    serve('/api/admin/overview', overview());
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Início', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent('2026-11-30:150000/3');
    expect(within(card('Denúncias abertas')).getByText('2')).toBeInTheDocument();
    expect(within(card('Aberturas de conta pendentes')).getByRole('link')).toHaveAttribute(
      'href',
      '/admin/abertura-de-contas',
    );
    expect(within(card('Divergências na conciliação')).getByText('1')).toBeInTheDocument();
    expect(within(card('Campanhas ativas')).getByText('12')).toBeInTheDocument();
    expect(within(card('Conversão reservado → pago')).getByText('75% (6 de 8)')).toBeInTheDocument();
    expect(within(card('Vendido hoje')).getByText('R$ 1.500,00')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegação da operação' })).toBeInTheDocument();
  });

  it('should list the draws overdue and what happens to each', async () => {
    serve('/api/admin/overview', overview());
    const late: OverdueDraw = {
      id: '9',
      name: 'Rifa do Carro',
      organiser: 'Ana Paula Souza',
      draw_type: 'rifaria',
      draw_at: '2026-11-27T22:00:00.000Z',
      hours_overdue: 30,
      paid_purchases: 3,
      next: 'auto_draw',
    };
    server.on('GET', '/api/admin/overdue-draws', () => overdue(late));
    renderAt('/admin');
    const table = await screen.findByRole('table', { name: 'Sorteios atrasados' });
    expect(within(table).getByText('Sorteio automático pelo worker')).toBeInTheDocument();
    expect(within(table).getByText('30 h')).toBeInTheDocument();
  });

  it('should say when there were no sales instead of an empty chart', async () => {
    serve('/api/admin/overview', overview(false));
    renderAt('/admin');
    expect(await screen.findByText('Nenhuma venda paga nos últimos 30 dias.')).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(await screen.findByText('Nenhum sorteio atrasado.')).toBeInTheDocument();
  });

  it('should offer a retry when the overview does not load', async () => {
    serve('/api/admin/overview', null);
    server.on('GET', '/api/admin/overview', () => reply(500, { success: false, message: 'Erro interno.' }));
    const { user } = renderAt('/admin');
    expect(
      await screen.findByText('Não foi possível carregar o resumo da operação. Erro interno.'),
    ).toBeInTheDocument();
    server.on('GET', '/api/admin/overview', () => overview());
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
  });

  it('should show the loading state', async () => {
    serve('/api/admin/overview', null);
    server.on('GET', '/api/admin/overview', () => new Promise(() => undefined));
    renderAt('/admin');
    await screen.findByRole('heading', { name: 'Início', level: 1 });
    expect(screen.getByRole('progressbar', { name: 'Carregando...' })).toBeInTheDocument();
  });

  it('should show a 404 inside the console for an unknown screen', async () => {
    serve('/api/admin/overview', overview());
    renderAt('/admin/nada');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/admin');
  });
});

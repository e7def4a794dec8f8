import { act, screen, within } from '@testing-library/react';
import {
  mockFetchForFile,
  POSTPONED_DRAW,
  POSTPONED_DRAW_TEXT,
  reply,
  server,
  type UserEventOptions,
} from '@rifaria/shared/testing';
import type { Campaign, SalesChartEntry } from '@rifaria/shared/types';
import { countdownParts } from '../features/panel/hooks/countdown';
import { RIFARIA_DRAW_TEXT } from '../features/panel/components/draw-dialog';
import { campaignNotFound, publishedCampaign, renderAt, serveCampaign as serve } from '../testing/fixtures';

// apexcharts needs a real layout engine; the lazily loaded chart module is replaced by a marker.
jest.mock('../features/panel/components/sales-chart', () => ({
  __esModule: true,
  default: ({ entries }: { entries: SalesChartEntry[] }) => (
    <div data-testid="sales-chart">{entries.map((entry) => entry.sales).join(',')}</div>
  ),
}));

mockFetchForFile();

function chart(salesOnLastDay = 0): SalesChartEntry[] {
  return Array.from({ length: 14 }, (_, index) => ({
    date: `2026-11-${String(8 + index).padStart(2, '0')}`,
    sales: index === 13 ? salesOnLastDay : 0,
    revenue: index === 13 ? salesOnLastDay * 10 : 0,
  }));
}

/** The panel's campaign: 250 of 1.000 tickets sold at R$ 10,00, two prizes, no sales in the chart. */
function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return publishedCampaign({
    total_tickets: 1000,
    ticket_price: 10,
    awards: [
      { id: 1, description: 'Carro 0km', value: 80000, position: 1 },
      { id: 2, description: 'Moto', value: null, position: 2 },
    ],
    stats: {
      tickets_sold: 250,
      total_tickets: 1000,
      tickets_available: 740,
      total_revenue: 2500,
      sales_percentage: 25,
    },
    sales_chart: chart(),
    published_at: '2026-11-01T12:00:00Z',
    ...overrides,
  });
}

function renderPanel(path = '/campanhas/7/painel', user?: UserEventOptions) {
  return renderAt(path, user ? { user } : {});
}

describe('Campaign panel (/campanhas/{id}/painel)', () => {
  it('should show the name, status badge and the four stat cards from data.stats', async () => {
    serve(campaign({ sales_chart: chart(3) }));
    renderPanel();
    // While it loads the name is unknown.
    await screen.findByRole('status', { name: 'Carregando campanha' });
    expect(document.title).toBe('Painel da campanha | Rifaria');
    expect(await screen.findByRole('heading', { name: 'Rifa do Carro 0km', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Painel · Rifa do Carro 0km | Rifaria');
    expect(screen.getByText('Publicada')).toBeInTheDocument();
    const sold = screen.getByRole('region', { name: 'Tickets vendidos' });
    expect(sold).toHaveTextContent('250');
    expect(sold).toHaveTextContent('25% vendido');
    expect(screen.getByRole('region', { name: 'Total arrecadado' })).toHaveTextContent(/R\$\s2\.500,00/);
    expect(screen.getByRole('region', { name: 'Tickets disponíveis' })).toHaveTextContent('740');
    expect(screen.getByRole('region', { name: 'Valor do ticket' })).toHaveTextContent(/R\$\s10,00/);
    expect(await screen.findByTestId('sales-chart')).toHaveTextContent('0,0,0,0,0,0,0,0,0,0,0,0,0,3');
    expect(screen.queryByText('Nenhuma venda registrada ainda')).not.toBeInTheDocument();
  });

  it('should list the amendments made after sales, oldest first (issue 30)', async () => {
    serve(
      campaign({
        has_reservations: true,
        amendments: [POSTPONED_DRAW],
      }),
    );
    renderPanel();
    const details = await screen.findByRole('region', { name: 'Detalhes' });
    const history = within(details).getByRole('list', { name: 'Histórico de alterações' });
    expect(within(history).getByRole('listitem')).toHaveTextContent(POSTPONED_DRAW_TEXT);
  });

  it('should say a sold campaign has no amendment yet', async () => {
    serve(campaign({ has_reservations: true, amendments: [] }));
    renderPanel();
    expect(await screen.findByText('Nenhuma alteração depois das vendas.')).toBeInTheDocument();
  });

  it('should show the details card with total possible value and prizes', async () => {
    serve(campaign({ total_tickets: 10_000_000, ticket_price: 0.1 }));
    renderPanel();
    const details = await screen.findByRole('region', { name: 'Detalhes' });
    expect(details).toHaveTextContent('10.000.000');
    expect(details).toHaveTextContent(/Valor total possível\s*R\$\s1\.000\.000,00/);
    const prizes = within(details).getByRole('list', { name: 'Prêmios' });
    expect(within(prizes).getByText('1º Carro 0km')).toBeInTheDocument();
    expect(within(prizes).getByText(/R\$\s80\.000,00/)).toBeInTheDocument();
    expect(within(prizes).getByText('2º Moto')).toBeInTheDocument();
  });

  it('should link Editar and Vendas and show no Afiliados until it exists (issue 30)', async () => {
    serve(campaign());
    renderPanel();
    expect(await screen.findByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/campanhas/7/editar');
    expect(screen.getByRole('link', { name: 'Vendas' })).toHaveAttribute('href', '/campanhas/7/vendas');
    expect(screen.queryByRole('button', { name: 'Afiliados' })).not.toBeInTheDocument();
    expect(screen.queryByText('Afiliados')).not.toBeInTheDocument();
  });

  it('should show the empty chart text and not load the chart when there are no sales', async () => {
    serve(campaign());
    renderPanel();
    expect(await screen.findByText('Nenhuma venda registrada ainda')).toBeInTheDocument();
    expect(screen.queryByTestId('sales-chart')).not.toBeInTheDocument();
  });

  it('should copy the link and say "Copiado!" for 2 s', async () => {
    jest.useFakeTimers();
    serve(campaign());
    const { user } = renderPanel(undefined, { advanceTimers: jest.advanceTimersByTime });
    expect(await screen.findByText('https://rifaria.test/p/rifa-do-carro-0km')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir' })).toHaveAttribute(
      'href',
      'https://rifaria.test/p/rifa-do-carro-0km',
    );
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    // findBy polls every 50 ms of fake time: the checks below leave that margin around the 2 s.
    expect(await screen.findByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://rifaria.test/p/rifa-do-carro-0km');
    act(() => {
      jest.advanceTimersByTime(1_900);
    });
    expect(screen.getByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
  });

  it('should count down days, hours, minutes and seconds to draw_date', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
    serve(
      campaign({
        draw_date: '2026-11-23T13:01:30Z',
        draw_datetime: '2026-11-23 10:01:30',
        draw_date_formatted: '23/11/2026 às 10:01',
      }),
    );
    renderPanel(undefined, { advanceTimers: jest.advanceTimersByTime });
    const timer = await screen.findByRole('timer', { name: 'Tempo até o sorteio' });
    // Loading took a little fake time: read the seconds shown, then watch them tick.
    const seconds = Number(/(\d{2})segundos/.exec(timer.textContent ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(20);
    expect(timer).toHaveTextContent(`02dias01horas01minutos${seconds}segundos`);
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(timer).toHaveTextContent(`01minutos${String(seconds - 1).padStart(2, '0')}segundos`);
    expect(screen.getByText('23/11/2026 às 10:01')).toBeInTheDocument();
    expect(screen.queryByText('Aguardando data')).not.toBeInTheDocument();
    expect(screen.queryByText('Tempo Esgotado!')).not.toBeInTheDocument();
  });

  it('should switch to "Tempo Esgotado!" when the countdown reaches the draw date', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
    serve(campaign({ draw_date: '2026-11-21T12:00:30Z' }));
    renderPanel(undefined, { advanceTimers: jest.advanceTimersByTime });
    expect(await screen.findByRole('timer')).toHaveTextContent(/00dias00horas00minutos\d{2}segundos/);
    expect(screen.queryByText('Tempo Esgotado!')).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(30_000);
    });
    expect(screen.getByText('Tempo Esgotado!')).toBeInTheDocument();
  });

  it('should show "Aguardando data" and open the draw-date modal with Definir, then refresh after saving', async () => {
    serve(campaign());
    server.on('PUT', '/api/campaigns/:id', ({ body }) => ({
      success: true,
      message: 'Campanha atualizada com sucesso!',
      data: campaign({ draw_datetime: (body as { draw_datetime: string }).draw_datetime }),
    }));
    const { user } = renderPanel();
    expect(await screen.findByText('Aguardando data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Definir' }));
    const dialog = await screen.findByRole('dialog');
    serve(campaign({ draw_date: '2099-01-01T23:00:00Z', draw_datetime: '2099-01-01 20:00:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/campaigns/7')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/campaigns/7')).toHaveLength(2);
  });

  it('should offer "Realizar Sorteio" for a Rifaria draw once the date has passed, opening its confirmation', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
    serve(campaign({ draw_date: '2026-11-20T23:00:00Z' }));
    const { user } = renderPanel(undefined, { advanceTimers: jest.advanceTimersByTime });
    expect(await screen.findByText('Tempo Esgotado!')).toBeInTheDocument();
    expect(screen.getByText('O sorteio pode ser realizado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Incluir Vencedor' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Realizar Sorteio' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Realizar Sorteio' })).getByText(RIFARIA_DRAW_TEXT),
    ).toBeInTheDocument();
  });

  it('should offer "Incluir Vencedor" for a Loteria Federal draw once the date has passed', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
    serve(campaign({ draw_date: '2026-11-20T23:00:00Z', draw_type: { id: 1, description: 'Loteria Federal' } }));
    renderPanel(undefined, { advanceTimers: jest.advanceTimersByTime });
    expect(await screen.findByRole('button', { name: 'Incluir Vencedor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Realizar Sorteio' })).not.toBeInTheDocument();
  });

  it('should say "Campanha não encontrada" with the way back, as edit and sales do, when the campaign answers 404', async () => {
    server.on('GET', '/api/campaigns/:id', campaignNotFound);
    renderPanel('/campanhas/99/painel');
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Campanhas' })).toHaveAttribute('href', '/campanhas');
    // No silent redirect, and nothing of the panel (no buttons that would act on a campaign that is not there).
    expect(screen.getByTestId('where')).toHaveTextContent('/campanhas/99/painel');
    expect(screen.queryByRole('link', { name: 'Vendas' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('should show "Campanha não encontrada" with the way back for an id that is not a campaign id', async () => {
    renderPanel('/campanhas/abc/painel');
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Campanhas' })).toHaveAttribute('href', '/campanhas');
    expect(server.calls).toHaveLength(0);
  });

  it('should show the load error and retry', async () => {
    server.on('GET', '/api/campaigns/:id', () => reply(500, { success: false, message: 'Falhou' }));
    const { user } = renderPanel();
    expect(await screen.findByText('Erro ao carregar campanha')).toBeInTheDocument();
    serve(campaign());
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Rifa do Carro 0km' })).toBeInTheDocument();
  });
});

describe('countdownParts', () => {
  const parts = (days: number, hours: number, minutes: number, seconds: number) => ({ days, hours, minutes, seconds });

  it('should split the time left and return null once the date is reached', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(countdownParts(new Date('2026-11-22T13:02:03Z'), now)).toEqual(parts(1, 1, 2, 3));
    expect(countdownParts(now, now)).toBeNull();
  });

  it('should not report the time as up while part of the last second is left (the server would refuse the draw)', () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(countdownParts(new Date('2026-11-21T12:00:00.400Z'), now)).toEqual(parts(0, 0, 0, 1));
    expect(countdownParts(new Date('2026-11-21T11:59:59.999Z'), now)).toBeNull();
  });
});

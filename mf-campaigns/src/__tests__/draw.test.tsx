import { screen, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { DRAW_MESSAGES } from '@rifaria/shared/schemas';
import type { Campaign, OrganizerDrawResult, SalesChartEntry } from '@rifaria/shared/types';
import { NO_PAID_TICKETS_TEXT } from '../features/panel/components/draw-card';
import { publishedCampaign, renderAt, serveCampaign } from '../testing/fixtures';

jest.mock('../features/panel/components/sales-chart', () => ({
  __esModule: true,
  default: ({ entries }: { entries: SalesChartEntry[] }) => <div data-testid="sales-chart">{entries.length}</div>,
}));

mockFetchForFile();

const COMMITMENT = 'a'.repeat(64);

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return publishedCampaign({
    total_tickets: 100,
    draw_date: '2026-11-20T23:00:00Z',
    draw_datetime: '2026-11-20 20:00:00',
    draw_date_formatted: '20/11/2026 às 20:00',
    draw_commitment: COMMITMENT,
    full_url: 'http://localhost/p/rifa-do-carro-0km',
    stats: { tickets_sold: 8, total_tickets: 100, tickets_available: 92, total_revenue: 16, sales_percentage: 8 },
    ...overrides,
  });
}

function result(overrides: Partial<OrganizerDrawResult> = {}): OrganizerDrawResult {
  return {
    amendments: [],
    method: 'rifaria',
    campaign: {
      name: 'Rifa do Carro 0km',
      link: 'rifa-do-carro-0km',
      total_tickets: 100,
      full_url: 'http://localhost:8080/p/rifa-do-carro-0km',
    },
    winners: [
      {
        position: 1,
        award: { description: 'Moto 0km' },
        number: '07',
        buyer_name: 'Maria da Silva',
        buyer_phone: '(11) 98765-4321',
        buyer_email: 'maria@example.com',
        purchase_hash: 'h'.repeat(22),
      },
      {
        position: 2,
        award: { description: 'Celular' },
        number: '42',
        buyer_name: 'João Souza',
        buyer_phone: '(21) 3456-7890',
        buyer_email: null,
        purchase_hash: 'j'.repeat(22),
      },
    ],
    seed: 'b'.repeat(64),
    commitment: COMMITMENT,
    beacon: {
      source: 'sandbox',
      chain_hash: 'sandbox',
      round: 100,
      randomness: 'c'.repeat(64),
      signature: 'd'.repeat(64),
      url: null,
    },
    federal: null,
    tickets_hash: 'e'.repeat(64),
    paid_count: 8,
    drawn_at: '2026-11-21T12:00:00.000Z',
    drawn_at_formatted: '21/11/2026 às 09:00',
    ...overrides,
  };
}

const drawn = (overrides: Partial<Campaign> = {}) =>
  campaign({ status: { id: 4, description: 'Finalizada' }, drawn_at: '2026-11-21T12:00:00.000Z', ...overrides });

describe('The draw on the campaign panel', () => {
  it('should show the commitment of a Sorteio Rifaria from publication on', async () => {
    serveCampaign(campaign({ draw_date: '2099-01-01T23:00:00Z' }));
    renderAt('/campanhas/7/painel');
    expect(await screen.findByText('Compromisso do sorteio (SHA-256 da semente)')).toBeInTheDocument();
    expect(screen.getByText(COMMITMENT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar compromisso' })).toBeInTheDocument();
  });

  it('should draw after confirmation, then show the winners with their contacts', async () => {
    serveCampaign(campaign());
    server.on('POST', '/api/campaigns/:id/draw', () => {
      serveCampaign(drawn());
      return { success: true, message: DRAW_MESSAGES.drawn, data: result() };
    });
    server.on('GET', '/api/campaigns/:id/draw', () => ({ success: true, data: result() }));
    const { user } = renderAt('/campanhas/7/painel');
    await user.click(await screen.findByRole('button', { name: 'Realizar Sorteio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Realizar Sorteio' });
    expect(dialog).toHaveTextContent('8 números pagos');
    await user.click(within(dialog).getByRole('button', { name: 'Realizar Sorteio' }));
    expect(await screen.findByText(DRAW_MESSAGES.drawn)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/campaigns/7/draw')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/campaigns/7/draw')[0]!.body).toBeUndefined();

    const winners = await screen.findByRole('list', { name: 'Ganhadores' });
    const items = within(winners).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1º prêmio07Moto 0km');
    expect(items[0]).toHaveTextContent('Maria da Silva');
    expect(within(items[0]!).getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute(
      'href',
      'tel:+5511987654321',
    );
    expect(within(items[0]!).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511987654321',
    );
    expect(within(items[0]!).getByRole('link', { name: 'maria@example.com' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('João Souza');
    expect(screen.getByRole('link', { name: 'Ver resultado público' })).toHaveAttribute(
      'href',
      'http://localhost/p/rifa-do-carro-0km/resultado',
    );
    expect(screen.getByText('Sorteio realizado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Realizar Sorteio' })).not.toBeInTheDocument();
  });

  it("should show the server's refusal in the dialog and keep it open", async () => {
    serveCampaign(campaign());
    server.on('POST', '/api/campaigns/:id/draw', () =>
      reply(422, { success: false, message: DRAW_MESSAGES.noPaidTickets }),
    );
    const { user } = renderAt('/campanhas/7/painel');
    await user.click(await screen.findByRole('button', { name: 'Realizar Sorteio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Realizar Sorteio' });
    await user.click(within(dialog).getByRole('button', { name: 'Realizar Sorteio' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DRAW_MESSAGES.noPaidTickets);
    expect(screen.getByRole('dialog', { name: 'Realizar Sorteio' })).toBeInTheDocument();
  });

  const federal = { draw_type: { id: 1, description: 'Loteria Federal' }, draw_commitment: null };

  /** The draw answers the Federal result and drawn campaign; the panel opened at 'Incluir Vencedor'. */
  async function openFederalDraw() {
    server.on('POST', '/api/campaigns/:id/draw', () => {
      serveCampaign(drawn(federal));
      return { success: true, message: DRAW_MESSAGES.drawn, data: result() };
    });
    server.on('GET', '/api/campaigns/:id/draw', () => ({ success: true, data: result() }));
    const rendered = renderAt('/campanhas/7/painel');
    await rendered.user.click(await screen.findByRole('button', { name: 'Incluir Vencedor' }));
    return { user: rendered.user, dialog: await screen.findByRole('dialog', { name: 'Incluir Vencedor' }) };
  }

  it('should take the Federal contest and five prizes, check them, or fetch the result', async () => {
    serveCampaign(campaign(federal));
    const { user, dialog } = await openFederalDraw();

    // Nothing typed: the contest is required; 'Incluir Vencedor' wants the five prizes.
    await user.click(within(dialog).getByRole('button', { name: 'Incluir Vencedor' }));
    expect(within(dialog).getByText(DRAW_MESSAGES.contestRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(DRAW_MESSAGES.prizeRequired(1))).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/campaigns/7/draw')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Número do concurso/ }), '5732');
    const prizes = ['50366', '33514', '45504', '94365', '51105'];
    for (const [index, prize] of prizes.entries()) {
      await user.type(within(dialog).getByRole('textbox', { name: `${index + 1}º prêmio` }), prize);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Incluir Vencedor' }));
    expect(await screen.findByRole('list', { name: 'Ganhadores' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/campaigns/7/draw')[0]!.body).toEqual({ contest: '5732', prizes });
  });

  it("should fill the prizes with 'Buscar resultado' for review, then draw them; and show a contest Caixa does not know", async () => {
    serveCampaign(campaign(federal));
    server.on('GET', '/api/campaigns/:id/draw/federal-result', ({ url }) =>
      url.searchParams.get('contest') === '5732'
        ? {
            success: true,
            data: {
              contest: 5732,
              date: '2023-01-18',
              date_formatted: '18/01/2023',
              prizes: ['50366', '33514', '45504', '94365', '51105'],
              source: 'sandbox',
            },
          }
        : reply(422, {
            success: false,
            message: DRAW_MESSAGES.federalNotFound(999),
            errors: { contest: [DRAW_MESSAGES.federalNotFound(999)] },
          }),
    );
    const { user, dialog } = await openFederalDraw();
    const contest = within(dialog).getByRole('textbox', { name: /Número do concurso/ });

    await user.type(contest, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar resultado' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DRAW_MESSAGES.federalNotFound(999));

    await user.clear(contest);
    await user.type(contest, '5732');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar resultado' }));
    expect(
      await within(dialog).findByText(/Concurso 5732 de 18\/01\/2023: resultado de demonstração \(sandbox\)/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '1º prêmio' })).toHaveValue('50366');
    expect(within(dialog).getByRole('textbox', { name: '5º prêmio' })).toHaveValue('51105');
    // Nothing drawn until the organiser confirms.
    expect(server.callsTo('POST', '/api/campaigns/7/draw')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Incluir Vencedor' }));
    expect(await screen.findByRole('list', { name: 'Ganhadores' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/campaigns/7/draw')[0]!.body).toEqual({
      contest: '5732',
      prizes: ['50366', '33514', '45504', '94365', '51105'],
    });
  });

  it('should offer a new date instead of a draw when nothing was paid, and hide Editar once drawn', async () => {
    serveCampaign(
      campaign({
        stats: { tickets_sold: 0, total_tickets: 100, tickets_available: 100, total_revenue: 0, sales_percentage: 0 },
      }),
    );
    const { user } = renderAt('/campanhas/7/painel');
    expect(await screen.findByText(NO_PAID_TICKETS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Realizar Sorteio' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Definir nova data' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('should show a retry when the winners cannot be loaded', async () => {
    serveCampaign(drawn());
    server.on('GET', '/api/campaigns/:id/draw', () => reply(500, { success: false, message: 'Erro' }));
    const { user } = renderAt('/campanhas/7/painel');
    expect(await screen.findByText('Erro ao carregar o resultado do sorteio')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    server.on('GET', '/api/campaigns/:id/draw', () => ({ success: true, data: result() }));
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('list', { name: 'Ganhadores' })).toBeInTheDocument();
  });
});

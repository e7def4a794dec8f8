import { screen, waitFor, within } from '@testing-library/react';
import { browser, mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { campaign, listReply, renderList } from '../testing/fixtures';

mockFetchForFile();

// Testing Library collapses whitespace (the NO-BREAK SPACE Intl puts after 'R$' included) into one space.
const NBSP = ' ';

describe('Minhas Campanhas (/campanhas)', () => {
  it('should show skeletons while loading and then the counters from summary', async () => {
    let release: (value: unknown) => void = () => undefined;
    server.on('GET', '/api/campaigns', () => new Promise((resolve) => (release = resolve)));
    renderList();

    expect(screen.getAllByLabelText('Carregando campanhas')).toHaveLength(2);
    await waitFor(() => expect(server.callsTo('GET', '/api/campaigns')).toHaveLength(1));
    release(listReply([], { active_count: 3, draft_count: 2, total_raised: 1234.5 }));

    const active = await screen.findByRole('region', { name: 'Campanhas ativas' });
    expect(within(active).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Campanhas rascunho' })).getByText('2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Total arrecadado' })).getByText(`R$${NBSP}1.234,50`),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Carregando campanhas')).not.toBeInTheDocument();
  });

  it('should show a draft card with thousands dots, price, two prizes, "+N prêmio(s) mais" and the wallet type', async () => {
    const draft = campaign({
      total_tickets: 1000000,
      ticket_price: 2.5,
      awards: [
        { id: 3, description: 'Moto', value: null, position: 3 },
        { id: 1, description: 'Carro', value: 80000, position: 1 },
        { id: 2, description: 'Celular', value: 3000, position: 2 },
        { id: 4, description: 'Pix', value: 100, position: 4 },
      ],
    });
    server.on('GET', '/api/campaigns', () => listReply([draft], { draft_count: 1 }));
    renderList();

    const card = await screen.findByRole('article', { name: 'Rifa do Carro 0km' });
    expect(within(card).getByText('1.000.000')).toBeInTheDocument();
    expect(within(card).getByText(`R$${NBSP}2,50`)).toBeInTheDocument();
    expect(within(card).getByText('Loteria Federal')).toBeInTheDocument();
    expect(within(card).getByText(/1º Carro/)).toBeInTheDocument();
    expect(within(card).getByText(/2º Celular/)).toBeInTheDocument();
    expect(within(card).queryByText(/Moto/)).not.toBeInTheDocument();
    expect(within(card).getByText('+2 prêmio(s) mais')).toBeInTheDocument();
    expect(within(card).getByText('Carteira: Conta Digital Rifaria')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Publicar' })).toBeInTheDocument();
  });

  it('should not show "+N prêmio(s) mais" with two prizes or fewer', async () => {
    server.on('GET', '/api/campaigns', () => listReply([campaign()]));
    renderList();
    const card = await screen.findByRole('article', { name: 'Rifa do Carro 0km' });
    expect(within(card).queryByText(/prêmio\(s\) mais/)).not.toBeInTheDocument();
  });

  it('should show the empty state when no campaign is published', async () => {
    server.on('GET', '/api/campaigns', () => listReply([campaign()]));
    renderList();
    expect(await screen.findByText('Nenhuma campanha publicada')).toBeInTheDocument();
  });

  it('should show a running card with the real raised amount, goal and sold/total, and open the panel', async () => {
    const running = campaign({
      id: 21,
      name: 'Rifa da Moto',
      status: { id: 2, description: 'Publicada' },
      total_tickets: 2000,
      ticket_price: 5,
      stats: {
        tickets_sold: 150,
        total_tickets: 2000,
        tickets_available: 1850,
        total_revenue: 750,
        sales_percentage: 7.5,
      },
    });
    server.on('GET', '/api/campaigns', () => listReply([running], { active_count: 1, total_raised: 750 }));
    const { user } = renderList();

    const card = await screen.findByRole('article', { name: 'Rifa da Moto' });
    expect(within(card).getByText(`R$${NBSP}750,00`)).toBeInTheDocument();
    expect(within(card).getByText(`R$${NBSP}10.000,00`)).toBeInTheDocument();
    // 'Tickets vendidos' as the panel and the sales page say it ("tickets" is the spec's pt-BR word).
    expect(within(card).getByText('Tickets vendidos').nextSibling).toHaveTextContent('150 / 2.000');
    expect(within(card).getByRole('button', { name: 'Ver Painel' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    // Issue 32: with sales it can be cancelled too (its buyers are refunded): the dialog says so.
    expect(within(card).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    expect(within(card).getByRole('progressbar', { name: 'Meta de Rifa da Moto' })).toHaveAttribute(
      'aria-valuenow',
      '7.5',
    );
    expect(screen.queryByText('Nenhuma campanha publicada')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Rifa da Moto' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/campanhas/21/painel');
  });

  it('should go to the edit screen from the draft menu', async () => {
    server.on('GET', '/api/campaigns', () => listReply([campaign()]));
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Mais ações de Rifa do Carro 0km' }));
    expect(screen.getByRole('menuitem', { name: 'Publicar' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Editar' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/campanhas/11/editar');
  });

  it("should show the published campaign as running behind 'Publicação concluída!' (issue 30)", async () => {
    const running = campaign({ status: { id: 2, description: 'Publicada' } });
    let listCalls = 0;
    server.on('GET', '/api/campaigns', () => {
      listCalls += 1;
      return listCalls === 1 ? listReply([campaign()], { draft_count: 1 }) : listReply([running], { active_count: 1 });
    });
    server.on('POST', '/api/campaigns/:id/publish', () => ({
      success: true,
      message: 'Campanha publicada com sucesso!',
      data: { ...campaign({ status: { id: 2, description: 'Publicada' } }), processing: false },
    }));
    const { user } = renderList();
    const card = await screen.findByRole('article', { name: 'Rifa do Carro 0km' });
    await user.click(within(card).getByRole('button', { name: 'Publicar' }));
    const dialog = screen.getByRole('dialog', { name: 'Publicar campanha' });
    await user.click(within(dialog).getByRole('button', { name: 'Publicar Campanha' }));
    expect(await within(dialog).findByText('Publicação concluída!')).toBeInTheDocument();
    // Behind the modal (hidden from the accessibility tree while it is open): no draft left, the campaign running.
    await waitFor(() => expect(listCalls).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Publicar', hidden: true })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByText('Publicação concluída!')).toBeInTheDocument();
    const runningCard = screen.getByRole('article', { name: 'Rifa do Carro 0km', hidden: true });
    expect(within(runningCard).getByRole('button', { name: 'Ver Painel', hidden: true })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Campanhas ativas', hidden: true })).getByText('1'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listCalls).toBe(2);
  });

  it('should cancel a running campaign from its card and reload the list', async () => {
    const running = campaign({ status: { id: 2, description: 'Publicada' } });
    let listCalls = 0;
    server.on('GET', '/api/campaigns', () => {
      listCalls += 1;
      return listCalls === 1 ? listReply([running], { active_count: 1 }) : listReply([]);
    });
    server.on('POST', '/api/campaigns/:id/cancel', () => ({ success: true, message: 'ok', data: running }));
    const { user } = renderList();
    const card = await screen.findByRole('article', { name: 'Rifa do Carro 0km' });
    await user.click(within(card).getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar Campanha' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Rifa do Carro 0km' })).not.toBeInTheDocument());
    expect(listCalls).toBe(2);
    expect(screen.getByText('Nenhuma campanha publicada')).toBeInTheDocument();
  });

  it("should close a card's dialog on Back, and leave no extra Back step when it is closed by its own button", async () => {
    server.on('GET', '/api/campaigns', () => listReply([campaign()], { draft_count: 1 }));
    const { user } = renderList();
    const card = await screen.findByRole('article', { name: 'Rifa do Carro 0km' });
    await user.click(within(card).getByRole('button', { name: 'Publicar' }));
    await screen.findByRole('dialog', { name: 'Publicar campanha' });
    await browser.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/campanhas$/);

    await user.click(screen.getByRole('button', { name: 'Mais ações de Rifa do Carro 0km' }));
    await user.click(screen.getByRole('menuitem', { name: 'Cancelar' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancelar campanha' });
    await user.click(within(cancel).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog's own history entry went with it: Back leaves the page, as it would have without the dialog.
    await browser.back();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });

  it('should show an error with a retry that loads the list again', async () => {
    server.on('GET', '/api/campaigns', () => reply(400, { success: false, message: 'Falhou' }));
    const { user } = renderList();
    expect(await screen.findByText('Erro ao carregar campanhas.')).toBeInTheDocument();

    server.on('GET', '/api/campaigns', () => listReply([campaign()], { draft_count: 1 }));
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'Rifa do Carro 0km' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Erro ao carregar campanhas.')).not.toBeInTheDocument());
  });
});

describe("'Cancelar' with sales and suspended campaigns (issue 32)", () => {
  const sold = (overrides = {}) =>
    campaign({
      id: 31,
      name: 'Rifa da Bicicleta',
      status: { id: 2, description: 'Publicada' },
      stats: { tickets_sold: 3, total_tickets: 100, tickets_available: 97, total_revenue: 15, sales_percentage: 3 },
      ...overrides,
    });

  it('should say in the dialog that the buyers will be refunded, then cancel', async () => {
    server.on('GET', '/api/campaigns', () => listReply([sold()], { active_count: 1 }));
    server.on('POST', '/api/campaigns/:id/cancel', () => ({
      success: true,
      message: 'ok',
      data: sold({ status: { id: 3, description: 'Cancelada' } }),
    }));
    const { user } = renderList();
    const card = await screen.findByRole('article', { name: 'Rifa da Bicicleta' });
    await user.click(within(card).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar campanha' });
    expect(
      within(dialog).getByText(
        'Ela já tem 3 tickets vendidos: cada comprador com pagamento confirmado será reembolsado por Pix, e o valor sai do seu saldo Futuro.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar Campanha' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/campaigns/31/cancel')).toHaveLength(1));
  });

  it('should keep a suspended campaign among the running ones, with Cancelar disabled and why', async () => {
    server.on('GET', '/api/campaigns', () =>
      listReply([sold({ status: { id: 5, description: 'Suspensa' } })], { active_count: 0 }),
    );
    renderList();
    const card = await screen.findByRole('article', { name: 'Rifa da Bicicleta' });
    const cancel = within(card).getByRole('button', { name: 'Cancelar' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(
      'Campanha suspensa pela equipe da Rifaria: vendas e sorteio bloqueados enquanto o caso é analisado.',
    );
  });
});

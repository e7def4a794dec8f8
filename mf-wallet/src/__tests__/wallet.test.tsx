import { act, screen, waitFor, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import {
  activeWalletServer,
  historyLine,
  renderAt,
  transactionsReply,
  wallet,
  walletsServer,
  walletInReview,
  refused,
  rejectedWalletServer,
} from '../testing/fixtures';

mockFetchForFile();

describe('GET /api/user-wallets (/carteiras states)', () => {
  it('should show the promo page with the opening button when there is no wallet', async () => {
    walletsServer();
    renderAt('/carteiras');
    const cta = await screen.findByRole('link', { name: 'Abrir conta digital' });
    expect(cta).toHaveAttribute('href', '/carteira/adicionar');
    expect(screen.getByText('Abra em 4 passos')).toBeInTheDocument();
    expect(screen.getByText('Sem taxas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Depositar' })).not.toBeInTheDocument();
  });

  it("should show a rejected application's reason and 'Corrigir e reenviar' (issue 32)", async () => {
    rejectedWalletServer();
    renderAt('/carteiras');
    expect(await screen.findByRole('heading', { name: 'Solicitação não aprovada' })).toBeInTheDocument();
    const said = screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`);
    expect(said).toEqual(['Motivo: Documento ilegível', 'Detalhes: A foto está desfocada.']);
    expect(screen.getByRole('link', { name: 'Corrigir e reenviar' })).toHaveAttribute('href', '/carteira/adicionar');
    expect(screen.queryByRole('link', { name: 'Abrir conta digital' })).not.toBeInTheDocument();
  });

  it('should show the promo page for a rejected wallet whose application cannot be read', async () => {
    walletsServer(wallet({ status: 'rejected', is_active: false, status_label: 'Recusada' }));
    server.on('GET', '/api/accounts/applications/latest', () => reply(500, {}));
    renderAt('/carteiras');
    expect(await screen.findByRole('link', { name: 'Abrir conta digital' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Corrigir e reenviar' })).not.toBeInTheDocument();
  });

  it('should show the error state and retry', async () => {
    server.on('GET', '/api/user-wallets', () => refused('Falhou aqui.'));
    const { user } = renderAt('/carteiras');
    expect(await screen.findByText('Falhou aqui.')).toBeInTheDocument();
    walletsServer();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Abrir conta digital' })).toBeInTheDocument();
  });

  it('should show "Conta em análise" and re-check every 5 s until the wallet is active', async () => {
    jest.useFakeTimers();
    try {
      walletsServer(walletInReview());
      activeWalletServer();
      walletsServer(walletInReview());
      renderAt('/carteiras', { advanceTimers: jest.advanceTimersByTime });
      expect(await screen.findByRole('heading', { name: 'Conta em análise' })).toBeInTheDocument();
      expect(screen.getByText(/Estamos analisando seus dados/)).toBeInTheDocument();
      expect(screen.getByText(/•••• 5678/)).toBeInTheDocument();
      expect(screen.getByText(/•••• 5678/).textContent).not.toContain('1234');
      expect(server.callsTo('GET', '/api/user-wallets')).toHaveLength(1);

      walletsServer(wallet());
      await act(async () => {
        jest.advanceTimersByTime(5_000);
      });
      expect(await screen.findByRole('button', { name: 'Depositar' })).toBeInTheDocument();
      expect(server.callsTo('GET', '/api/user-wallets')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('GET /api/user-wallets/{id}/balance (eye button)', () => {
  it('should keep the balance hidden, fetch it once on the first reveal and toggle', async () => {
    activeWalletServer();
    const { user } = renderAt('/carteiras');
    expect(await screen.findByText('Conta Digital Rifaria')).toBeInTheDocument();
    expect(screen.getByText('Conta •••• 5678')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('R$ ••••');
    expect(server.callsTo('GET', '/api/user-wallets/7/balance')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mostrar saldo' }));
    await waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent(/R\$\s35,50/));
    expect(screen.getByText(/R\$\s25,00/)).toBeInTheDocument();
    expect(screen.getByText(/R\$\s10,50/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ocultar saldo' }));
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('R$ ••••');
    expect(screen.queryByText(/R\$\s25,00/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mostrar saldo' }));
    expect(screen.getByTestId('wallet-total')).toHaveTextContent(/R\$\s35,50/);
    expect(server.callsTo('GET', '/api/user-wallets/7/balance')).toHaveLength(1);
  });

  it('should show the response message under the balance when it fails', async () => {
    activeWalletServer();
    server.on('GET', '/api/user-wallets/:id/balance', () =>
      reply(404, { success: false, message: 'Carteira não encontrada.' }),
    );
    const { user } = renderAt('/carteiras');
    await user.click(await screen.findByRole('button', { name: 'Mostrar saldo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Carteira não encontrada.');
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('R$ ••••');
  });

  it('should show "Erro na conexão" when the API cannot be reached', async () => {
    activeWalletServer();
    server.on('GET', '/api/user-wallets/:id/balance', () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderAt('/carteiras');
    await user.click(await screen.findByRole('button', { name: 'Mostrar saldo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro na conexão');
  });

  it('should show "Erro ao carregar saldo" for an error without a message', async () => {
    activeWalletServer();
    server.on('GET', '/api/user-wallets/:id/balance', () => reply(418, {}));
    const { user } = renderAt('/carteiras');
    await user.click(await screen.findByRole('button', { name: 'Mostrar saldo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar saldo');
  });
});

describe('GET /api/user-wallets/{id}/transactions (history)', () => {
  it('should list amounts with sign and colour and dates in São Paulo', async () => {
    activeWalletServer();
    server.on('GET', '/api/user-wallets/:id/transactions', () =>
      transactionsReply([
        historyLine({ created_at: '2026-11-20T02:30:00Z' }),
        historyLine({
          id: 2,
          type: 'out',
          kind: 'transfer',
          description: 'Transferência Pix',
          amount: 10,
          created_at: '2026-11-20T15:00:00Z',
        }),
      ]),
    );
    renderAt('/carteiras');
    const list = await screen.findByRole('list', { name: 'Histórico de transações' });
    expect(within(list).getByText('Depósito Pix')).toBeInTheDocument();
    expect(within(list).getByText(/^\+ R\$\s25,00$/)).toBeInTheDocument();
    expect(within(list).getByText(/^− R\$\s10,00$/)).toBeInTheDocument();
    // 02:30 UTC on the 20th is 23:30 of the 19th in São Paulo.
    expect(within(list).getByText('19/11/2026 às 23:30')).toBeInTheDocument();
  });

  it('should show a draw release as a movement between balances, and tag each sale with its balance now', async () => {
    activeWalletServer();
    const sale = (id: number, amount: number, balance: 'available' | 'blocked') =>
      historyLine({ id, kind: 'sale', description: `Venda de números - Campanha ${id}`, amount, balance });
    server.on('GET', '/api/user-wallets/:id/transactions', () =>
      transactionsReply([
        historyLine({ id: 9, type: 'move', kind: 'release', description: 'Sorteio realizado: Campanha 1', amount: 26 }),
        sale(1, 26, 'available'),
        sale(2, 40, 'blocked'),
      ]),
    );
    renderAt('/carteiras');
    const list = await screen.findByRole('list', { name: 'Histórico de transações' });
    const [release, released, future] = within(list).getAllByRole('listitem');
    // Issue 30, item 6: not '+ R$ 26,00' (income counted twice) but a neutral move from 'Futuro' to 'Disponível'.
    expect(within(release!).getByText('Liberado para saldo disponível')).toBeInTheDocument();
    expect(within(release!).getByText('Sorteio realizado: Campanha 1', { exact: false })).toBeInTheDocument();
    expect(within(release!).getByText('Futuro → Disponível')).toBeInTheDocument();
    expect(within(release!).getByText(/^R\$\s26,00$/)).toBeInTheDocument();
    expect(within(release!).queryByText(/^\+/)).toBeNull();
    // The lines that count add up to the balance: R$ 26,00 + R$ 40,00.
    expect(within(released!).getByText(/^\+ R\$\s26,00$/)).toBeInTheDocument();
    expect(within(released!).getByText('Disponível')).toBeInTheDocument();
    expect(within(released!).queryByText('Futuro')).toBeNull();
    expect(within(future!).getByText(/^\+ R\$\s40,00$/)).toBeInTheDocument();
    expect(within(future!).getByText('Futuro')).toBeInTheDocument();
  });

  it('should show the empty state', async () => {
    activeWalletServer();
    renderAt('/carteiras');
    expect(await screen.findByText('Nenhuma transação neste período.')).toBeInTheDocument();
  });

  it('should re-query with the chosen period and type', async () => {
    activeWalletServer();
    const { user } = renderAt('/carteiras');
    await screen.findByText('Nenhuma transação neste período.');
    const first = server.callsTo('GET', '/api/user-wallets/7/transactions')[0]!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({
      period: '30',
      type: 'all',
      page: '1',
      per_page: '20',
    });

    await user.click(screen.getByRole('combobox', { name: 'Período' }));
    await user.click(await screen.findByRole('option', { name: '7 dias' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets/7/transactions')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/user-wallets/7/transactions')[1]!.url.searchParams.get('period')).toBe('7');

    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Saídas' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets/7/transactions')).toHaveLength(3));
    const last = server.callsTo('GET', '/api/user-wallets/7/transactions')[2]!;
    expect(last.url.searchParams.get('type')).toBe('out');
    expect(last.url.searchParams.get('period')).toBe('7');
  });

  it('should ask for the next page', async () => {
    activeWalletServer();
    server.on('GET', '/api/user-wallets/:id/transactions', () =>
      transactionsReply(
        [
          {
            id: 1,
            type: 'in',
            kind: 'sale',
            description: 'Venda',
            amount: 5,
            balance: 'blocked',
            status: 'completed',
            created_at: '2026-11-20T12:00:00Z',
          },
        ],
        3,
      ),
    );
    const { user } = renderAt('/carteiras');
    await user.click(await screen.findByRole('button', { name: 'Go to page 2' }));
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/user-wallets/7/transactions').at(-1)!.url.searchParams.get('page')).toBe('2'),
    );
  });
});

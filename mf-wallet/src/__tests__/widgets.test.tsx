import { screen, waitFor } from '@testing-library/react';
import { WalletCard } from '../features/widgets/components/wallet-card';
import { WalletBanner } from '../features/widgets/components/wallet-banner';
import { mockFetchForFile, renderInRouter, reply, server } from '@rifaria/shared/testing';
import { balanceReply, wallet, walletsServer, walletInReview } from '../testing/fixtures';

mockFetchForFile();

describe('WalletCard (mf_wallet/WalletCard)', () => {
  it('should invite to open the wallet when there is none', async () => {
    walletsServer();
    renderInRouter(<WalletCard />);
    expect(screen.getByRole('heading', { name: 'Carteira Digital' })).toBeInTheDocument();
    expect(await screen.findByText('Não aberta')).toBeInTheDocument();
    for (const chip of ['Sem taxas', 'Pix na hora', '4 passos']) expect(screen.getByText(chip)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir carteira digital' })).toHaveAttribute('href', '/carteira/adicionar');
    expect(screen.getByRole('link', { name: 'Ir para Carteiras' })).toHaveAttribute('href', '/carteiras');
  });

  it('should say "Em análise" for a wallet in review', async () => {
    walletsServer(walletInReview());
    renderInRouter(<WalletCard />);
    expect(await screen.findByText('Em análise')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir carteira digital' })).not.toBeInTheDocument();
  });

  it('should mask the total of an active wallet and reveal it on demand', async () => {
    walletsServer(wallet());
    server.on('GET', '/api/user-wallets/:id/balance', () => balanceReply);
    const { user } = renderInRouter(<WalletCard />);
    expect(await screen.findByTestId('wallet-card-total')).toHaveTextContent('R$ ••••');
    await user.click(screen.getByRole('button', { name: 'Mostrar saldo' }));
    await waitFor(() => expect(screen.getByTestId('wallet-card-total')).toHaveTextContent(/R\$\s35,50/));
    await user.click(screen.getByRole('button', { name: 'Ocultar saldo' }));
    expect(screen.getByTestId('wallet-card-total')).toHaveTextContent('R$ ••••');
    expect(server.callsTo('GET', '/api/user-wallets/7/balance')).toHaveLength(1);
  });

  it('should not break when the wallets cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.on('GET', '/api/user-wallets', () => reply(404, { success: false }));
    renderInRouter(<WalletCard />);
    expect(await screen.findByText('Não foi possível carregar a carteira.')).toBeInTheDocument();
  });
});

describe('WalletBanner (mf_wallet/WalletBanner)', () => {
  it('should render nothing without an active wallet', async () => {
    walletsServer();
    // The widget's slot on the dashboard (renderInRouter also renders the URL beside it).
    renderInRouter(
      <section data-testid="banner-slot">
        <WalletBanner />
      </section>,
    );
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets')).toHaveLength(1));
    expect(screen.getByTestId('banner-slot')).toBeEmptyDOMElement();
  });

  it('should mask Disponível, Futuro and the total until the eye reveals them, fetching only then', async () => {
    walletsServer(wallet());
    server.on('GET', '/api/user-wallets/:id/balance', () => balanceReply);
    const { user } = renderInRouter(<WalletBanner />);
    expect(await screen.findByText('•••• •••• •••• 5678')).toBeInTheDocument();
    expect(screen.getByText('Disponível')).toBeInTheDocument();
    expect(screen.getByText('Futuro')).toBeInTheDocument();
    const figures = ['wallet-banner-total', 'wallet-banner-available', 'wallet-banner-future'];
    for (const id of figures) expect(screen.getByTestId(id)).toHaveTextContent('R$ ••••');
    expect(screen.queryByText(/R\$\s\d/)).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/user-wallets/7/balance')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Ver carteira completa' })).toHaveAttribute('href', '/carteiras');

    await user.click(screen.getByRole('button', { name: 'Mostrar saldo' }));
    await waitFor(() => expect(screen.getByTestId('wallet-banner-total')).toHaveTextContent(/R\$\s35,50/));
    expect(screen.getByTestId('wallet-banner-available')).toHaveTextContent(/R\$\s25,00/);
    expect(screen.getByTestId('wallet-banner-future')).toHaveTextContent(/R\$\s10,50/);

    await user.click(screen.getByRole('button', { name: 'Ocultar saldo' }));
    for (const id of figures) expect(screen.getByTestId(id)).toHaveTextContent('R$ ••••');
    expect(server.callsTo('GET', '/api/user-wallets/7/balance')).toHaveLength(1);
  });

  it('should say "Erro ao carregar saldo" when the balance fails on reveal', async () => {
    walletsServer(wallet());
    server.on('GET', '/api/user-wallets/:id/balance', () =>
      reply(404, { success: false, message: 'Carteira não encontrada.' }),
    );
    const { user } = renderInRouter(<WalletBanner />);
    await user.click(await screen.findByRole('button', { name: 'Mostrar saldo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar saldo');
    expect(screen.getByTestId('wallet-banner-available')).toHaveTextContent('R$ ••••');
  });
});

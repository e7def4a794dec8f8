import { screen, waitFor } from '@testing-library/react';
import { reply } from '@rifaria/shared/testing';
import { WalletCard } from '../widgets/wallet-card';
import { WalletBanner } from '../widgets/wallet-banner';
import { balanceReply, renderWithRouter, server, mockFetchForFile, wallet } from '../testing/fixtures';

mockFetchForFile();

describe('WalletCard (mf_wallet/WalletCard)', () => {
  it('should invite to open the wallet when there is none', async () => {
    server.on('GET', '/api/user-wallets', () => ({ success: true, data: [] }));
    renderWithRouter(<WalletCard />);
    expect(screen.getByRole('heading', { name: 'Carteira Digital' })).toBeInTheDocument();
    expect(await screen.findByText('Não aberta')).toBeInTheDocument();
    for (const chip of ['Sem taxas', 'Pix na hora', '4 passos']) expect(screen.getByText(chip)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir carteira digital' })).toHaveAttribute('href', '/carteira/adicionar');
    expect(screen.getByRole('link', { name: 'Ir para Carteiras' })).toHaveAttribute('href', '/carteiras');
  });

  it('should say "Em análise" for a wallet in review', async () => {
    server.on('GET', '/api/user-wallets', () => ({
      success: true,
      data: [wallet({ status: 'in_review', is_active: false, status_label: 'Em análise' })],
    }));
    renderWithRouter(<WalletCard />);
    expect(await screen.findByText('Em análise')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir carteira digital' })).not.toBeInTheDocument();
  });

  it('should mask the total of an active wallet and reveal it on demand', async () => {
    server.on('GET', '/api/user-wallets', () => ({ success: true, data: [wallet()] }));
    server.on('GET', '/api/user-wallets/:id/balance', () => balanceReply);
    const { user } = renderWithRouter(<WalletCard />);
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
    renderWithRouter(<WalletCard />);
    expect(await screen.findByText('Não foi possível carregar a carteira.')).toBeInTheDocument();
  });
});

describe('WalletBanner (mf_wallet/WalletBanner)', () => {
  it('should render nothing without an active wallet', async () => {
    server.on('GET', '/api/user-wallets', () => ({ success: true, data: [] }));
    const { container } = renderWithRouter(<WalletBanner />);
    await waitFor(() => expect(server.callsTo('GET', '/api/user-wallets')).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('should mask Disponível, Futuro and the total until the eye reveals them, fetching only then', async () => {
    server.on('GET', '/api/user-wallets', () => ({ success: true, data: [wallet()] }));
    server.on('GET', '/api/user-wallets/:id/balance', () => balanceReply);
    const { user } = renderWithRouter(<WalletBanner />);
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
    server.on('GET', '/api/user-wallets', () => ({ success: true, data: [wallet()] }));
    server.on('GET', '/api/user-wallets/:id/balance', () =>
      reply(404, { success: false, message: 'Carteira não encontrada.' }),
    );
    const { user } = renderWithRouter(<WalletBanner />);
    await user.click(await screen.findByRole('button', { name: 'Mostrar saldo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar saldo');
    expect(screen.getByTestId('wallet-banner-available')).toHaveTextContent('R$ ••••');
  });
});

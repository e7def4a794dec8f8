import { screen, within } from '@testing-library/react';
import { mockFetchForFile, renderAt, serveCampaign, server } from '../testing/fixtures';

mockFetchForFile();
jest.setTimeout(20_000);

describe('the public home (/p): where a buyer lands when no campaign is known', () => {
  it('should explain how to reach a campaign, with the organisers’ login only as a small link', () => {
    renderAt('/p');
    expect(screen.getByRole('heading', { name: 'Boas-vindas à Rifaria', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/abra o link da campanha que o organizador compartilhou com você/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Já comprou?' })).toHaveTextContent('Meus números');
    expect(screen.queryByRole('region', { name: 'Última campanha que você abriu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar na sua conta' })).toHaveAttribute('href', '/login');
    expect(server.calls).toHaveLength(0);
  });

  it('should offer the campaign last opened on this device, and its "Meus números"', async () => {
    serveCampaign();
    const visit = renderAt('/p/rifa-do-carro');
    expect(await screen.findByRole('heading', { name: 'Rifa do Carro 0km', level: 1 })).toBeInTheDocument();
    visit.unmount();

    renderAt('/p');
    const last = screen.getByRole('region', { name: 'Última campanha que você abriu' });
    expect(within(last).getByRole('heading', { name: 'Rifa do Carro 0km' })).toBeInTheDocument();
    expect(within(last).getByRole('link', { name: 'Ver campanha' })).toHaveAttribute('href', '/p/rifa-do-carro');
    expect(within(last).getByRole('link', { name: 'Meus números' })).toHaveAttribute(
      'href',
      '/p/rifa-do-carro/meus-numeros',
    );
  });

  it('should ignore a remembered value that is not a campaign link', () => {
    window.localStorage.setItem('rifaria-last-campaign', JSON.stringify({ link: '../../login', title: 'x' }));
    renderAt('/p');
    expect(screen.queryByRole('region', { name: 'Última campanha que você abriu' })).not.toBeInTheDocument();
  });

  it('should send an unknown address under /p/ to the public home, not to the organisers’ area', async () => {
    renderAt('/p/rifa-do-carro/nao-existe');
    expect(await screen.findByRole('heading', { name: 'Boas-vindas à Rifaria' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/p$/);
  });
});

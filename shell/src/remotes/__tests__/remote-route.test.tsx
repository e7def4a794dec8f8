import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { loadRemoteApp, RemoteLoadError } from '../load-remote';
import { RemoteRoute } from '../remote-route';

jest.mock('../load-remote', () => {
  class RemoteLoadError extends Error {}
  return { loadRemoteApp: jest.fn(), RemoteLoadError };
});

const loadRemoteAppMock = jest.mocked(loadRemoteApp);

function WalletApp() {
  return <h1>Carteiras</h1>;
}

function renderShell(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <nav aria-label="Menu principal">
        <Link to="/dashboard">Início</Link>
        <Link to="/carteiras">Carteiras</Link>
      </nav>
      <main>
        <Routes>
          <Route path="/dashboard" element={<h1>Painel</h1>} />
          <Route path="/carteiras/*" element={<RemoteRoute remote="mf_wallet" />} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
}

describe('RemoteRoute', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('should show a loading state, then the remote', async () => {
    loadRemoteAppMock.mockResolvedValue({ default: WalletApp });
    renderShell('/carteiras');
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(await screen.findByRole('heading', { name: 'Carteiras' })).toBeInTheDocument();
    expect(loadRemoteAppMock).toHaveBeenCalledWith('mf_wallet');
  });

  it('should show the pt-BR fallback when the load rejects, and keep the rest of the shell working', async () => {
    loadRemoteAppMock.mockRejectedValue(new RemoteLoadError('mf_wallet'));
    const user = userEvent.setup();
    renderShell('/carteiras');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Não foi possível carregar esta seção.')).toBeInTheDocument();
    expect(within(alert).getByText('Verifique sua conexão e tente novamente.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Início' }));
    expect(screen.getByRole('heading', { name: 'Painel' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should load the remote again when "Tentar novamente" is clicked, without reloading the page', async () => {
    loadRemoteAppMock
      .mockRejectedValueOnce(new RemoteLoadError('mf_wallet'))
      .mockResolvedValueOnce({ default: WalletApp });
    const user = userEvent.setup();
    renderShell('/carteiras');

    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByRole('heading', { name: 'Carteiras' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadRemoteAppMock).toHaveBeenCalledTimes(2);
  });

  it('should offer a page reload when the in-place retry fails too', async () => {
    loadRemoteAppMock.mockRejectedValue(new RemoteLoadError('mf_wallet'));
    const user = userEvent.setup();
    renderShell('/carteiras');

    const first = await screen.findByRole('alert');
    expect(within(first).queryByRole('button', { name: 'Recarregar a página' })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Tentar novamente' }));

    const second = await screen.findByRole('alert');
    expect(within(second).getByText('Se o problema continuar, recarregue a página.')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Recarregar a página' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('should show the fallback when the remote crashes while rendering', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    loadRemoteAppMock.mockResolvedValue({ default: Broken });
    renderShell('/carteiras');
    expect(await screen.findByText('Não foi possível carregar esta seção.')).toBeInTheDocument();
  });
});

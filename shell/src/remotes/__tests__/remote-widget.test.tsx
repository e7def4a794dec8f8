import { render, screen, waitFor } from '@testing-library/react';
import { loadRemoteWidget, RemoteLoadError } from '../load-remote';
import { REMOTE_WIDGET_FALLBACK, RemoteWidget } from '../remote-widget';

jest.mock('../load-remote', () => {
  class RemoteLoadError extends Error {}
  return { loadRemoteWidget: jest.fn(), RemoteLoadError };
});

const loadRemoteWidgetMock = jest.mocked(loadRemoteWidget);

function Page({ fallback }: { fallback?: null }) {
  return (
    <main>
      <h1>Olá, Ana!</h1>
      <RemoteWidget id="mf_wallet/WalletCard" {...(fallback === null ? { fallback: null } : {})} />
    </main>
  );
}

describe('RemoteWidget', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('should load the exposed widget and render it', async () => {
    loadRemoteWidgetMock.mockResolvedValue({ default: () => <h2>Carteira Digital</h2> });
    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Carteira Digital' })).toBeInTheDocument();
    expect(loadRemoteWidgetMock).toHaveBeenCalledWith('mf_wallet/WalletCard');
  });

  it('should show the small pt-BR fallback when the remote fails, keeping the page', async () => {
    loadRemoteWidgetMock.mockRejectedValue(new RemoteLoadError('mf_wallet'));
    render(<Page />);
    expect(await screen.findByText(REMOTE_WIDGET_FALLBACK)).toBeInTheDocument();
    expect(REMOTE_WIDGET_FALLBACK).toBe('Não foi possível carregar este quadro agora.');
    expect(screen.getByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
  });

  it('should contain a widget that crashes while rendering', async () => {
    loadRemoteWidgetMock.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    render(<Page />);
    expect(await screen.findByText(REMOTE_WIDGET_FALLBACK)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
  });

  it('should render nothing on failure when the fallback is null', async () => {
    loadRemoteWidgetMock.mockRejectedValue(new RemoteLoadError('mf_wallet'));
    render(<Page fallback={null} />);
    await screen.findByRole('heading', { name: 'Olá, Ana!' });
    expect(screen.getByLabelText('Carregando...')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Carregando...')).not.toBeInTheDocument());
    expect(screen.queryByText(REMOTE_WIDGET_FALLBACK)).not.toBeInTheDocument();
  });
});

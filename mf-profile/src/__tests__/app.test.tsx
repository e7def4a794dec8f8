import { screen, waitFor } from '@testing-library/react';
import { currentPath, mockFetchForFile, server } from '@rifaria/shared/testing';
import { accountSettings, profileServer, signIn } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile({
  beforeEach: () => {
    signIn();
    profileServer();
    server.on('GET', '/api/auth/settings', () => ({ success: true, data: accountSettings() }));
  },
});

describe('mf_profile App', () => {
  it('should show Meus Dados under /perfil', async () => {
    renderAt('/perfil');
    expect(screen.getByRole('heading', { name: 'Meus Dados' })).toBeInTheDocument();
    expect(document.title).toBe('Meus Dados | Rifaria');
    expect(await screen.findByRole('tab', { name: 'Dados' })).toBeInTheDocument();
  });

  it('should show Configurações under /configuracoes', async () => {
    renderAt('/configuracoes');
    expect(screen.getByRole('heading', { name: 'Configurações' })).toBeInTheDocument();
    expect(document.title).toBe('Configurações | Rifaria');
    expect(await screen.findByRole('button', { name: 'Salvar configurações' })).toBeInTheDocument();
  });

  it('should send an unknown path under each mount back to its page', async () => {
    renderAt('/perfil/qualquer');
    await waitFor(() => expect(currentPath()).toBe('/perfil'));
    expect(await screen.findByRole('tab', { name: 'Dados' })).toBeInTheDocument();
  });
});

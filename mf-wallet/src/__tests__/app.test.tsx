import { screen } from '@testing-library/react';
import { mockFetchForFile, server } from '@rifaria/shared/testing';
import { renderAt, walletsServer } from '../testing/fixtures';

mockFetchForFile();

beforeEach(() => {
  walletsServer();
  server.on('GET', '/api/auth/me', () => ({ success: true, user: { name: 'Ana' } }));
  server.on('GET', '/api/auth/states', () => ({ success: true, states: [] }));
  server.on('GET', '/api/document-types', () => ({ success: true, data: [] }));
});

describe('mf_wallet App', () => {
  it('should show the wallets page under /carteiras', async () => {
    renderAt('/carteiras');
    expect(await screen.findByRole('heading', { name: 'Carteiras' })).toBeInTheDocument();
    expect(document.title).toBe('Carteiras | Rifaria');
  });

  it('should show the account opening under /carteira/adicionar', async () => {
    renderAt('/carteira/adicionar');
    expect(screen.getByRole('heading', { name: 'Abrir conta digital' })).toBeInTheDocument();
    expect(document.title).toBe('Abrir conta digital | Rifaria');
    expect(screen.getByRole('link', { name: 'Voltar para Carteiras' })).toHaveAttribute('href', '/carteiras');
    await screen.findByDisplayValue('Ana');
  });

  it('should send /carteira alone to /carteiras', async () => {
    renderAt('/carteira');
    expect(screen.getByTestId('where')).toHaveTextContent('/carteiras');
    expect(await screen.findByRole('heading', { name: 'Carteiras' })).toBeInTheDocument();
  });

  it('should send an unknown path under /carteiras back to /carteiras', async () => {
    renderAt('/carteiras/nao-existe');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/carteiras$/);
    await screen.findByRole('heading', { name: 'Carteiras' });
  });
});

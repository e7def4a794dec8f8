import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { App } from '../app';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Mounts the remote exactly like the shell does: twice, under two splat routes. */
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/carteiras/*" element={<App />} />
        <Route path="/carteira/*" element={<App />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('mf_wallet App', () => {
  it('should show the wallets page under /carteiras', () => {
    renderAt('/carteiras');
    expect(screen.getByRole('heading', { name: 'Carteiras' })).toBeInTheDocument();
    expect(screen.getByText(/sendo preparada/)).toBeInTheDocument();
  });

  it('should show the account opening under /carteira/adicionar', () => {
    renderAt('/carteira/adicionar');
    expect(screen.getByRole('heading', { name: 'Abrir conta digital' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Carteiras' })).toHaveAttribute('href', '/carteiras');
  });

  it('should send /carteira alone to /carteiras', () => {
    renderAt('/carteira');
    expect(screen.getByTestId('where')).toHaveTextContent('/carteiras');
    expect(screen.getByRole('heading', { name: 'Carteiras' })).toBeInTheDocument();
  });

  it('should send an unknown path under /carteiras back to /carteiras', () => {
    renderAt('/carteiras/nao-existe');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/carteiras$/);
  });
});

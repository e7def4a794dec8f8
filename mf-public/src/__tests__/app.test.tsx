import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App } from '../app';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/p/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('mf_public App', () => {
  it('should show the public campaign page for /p/:link', () => {
    renderAt('/p/rifa-do-carro');
    expect(screen.getByRole('heading', { name: 'Página da campanha' })).toBeInTheDocument();
    expect(screen.getByText(/rifa-do-carro/)).toBeInTheDocument();
  });

  it('should show the checkout for /p/checkout?compra=...', () => {
    renderAt('/p/checkout?compra=abc123');
    expect(screen.getByRole('heading', { name: 'Finalizar pagamento' })).toBeInTheDocument();
  });

  it('should say the hash is missing on /p/checkout without ?compra', () => {
    renderAt('/p/checkout');
    expect(screen.getByText('Hash da compra não encontrado na URL')).toBeInTheDocument();
  });
});

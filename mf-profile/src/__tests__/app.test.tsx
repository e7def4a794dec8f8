import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App } from '../app';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/perfil/*" element={<App />} />
        <Route path="/configuracoes/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('mf_profile App', () => {
  it('should show Meus Dados under /perfil', () => {
    renderAt('/perfil');
    expect(screen.getByRole('heading', { name: 'Meus Dados' })).toBeInTheDocument();
  });

  it('should show Configurações under /configuracoes', () => {
    renderAt('/configuracoes');
    expect(screen.getByRole('heading', { name: 'Configurações' })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { renderAt } from '../testing/render';

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

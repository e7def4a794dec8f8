import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App } from '../app';

describe('mf_campaigns App', () => {
  it('should show Minhas Campanhas under /campanhas', () => {
    render(
      <MemoryRouter initialEntries={['/campanhas']}>
        <Routes>
          <Route path="/campanhas/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Minhas Campanhas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Nova Campanha' })).toBeInTheDocument();
  });
});

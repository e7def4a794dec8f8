import { screen } from '@testing-library/react';
import { mockFetchForFile } from '@rifaria/shared/testing';
import { renderAt } from '../testing/fixtures';

mockFetchForFile();

describe('mf_campaigns App', () => {
  it('should show Minhas Campanhas under /campanhas', () => {
    renderAt('/campanhas');
    expect(screen.getByRole('heading', { name: 'Minhas Campanhas' })).toBeInTheDocument();
    expect(document.title).toBe('Minhas Campanhas | Rifaria');
    expect(screen.getByRole('button', { name: '+ Nova Campanha' })).toBeInTheDocument();
  });
});

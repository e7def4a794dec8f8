import { screen } from '@testing-library/react';
import { renderAt } from '../testing/render';

describe('mf_whatsapp App', () => {
  it('should show the instances page under /whatsapp', () => {
    renderAt('/whatsapp');
    expect(screen.getByRole('heading', { name: 'Instâncias do WhatsApp' })).toBeInTheDocument();
    expect(document.title).toBe('Instâncias do WhatsApp | Rifaria');
  });
});

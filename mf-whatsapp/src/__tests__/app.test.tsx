import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App } from '../app';

describe('mf_whatsapp App', () => {
  it('should show the instances page under /whatsapp', () => {
    render(
      <MemoryRouter initialEntries={['/whatsapp']}>
        <Routes>
          <Route path="/whatsapp/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Instâncias do WhatsApp' })).toBeInTheDocument();
  });
});

import { Link, Route, Routes } from 'react-router-dom';
import { screen } from '@testing-library/react';
import { api } from '../../api-client';
import { toast } from '../../ui/toast';
import { browser, currentPath, mockFetchForFile, renderRemote, server, setScreenWidth } from '..';

mockFetchForFile();

function Remote() {
  return (
    <Routes>
      <Route index element={<Link to="detalhe?x=1">Abrir</Link>} />
      <Route path="detalhe" element={<button onClick={() => toast.success('Salvo!')}>Salvar</button>} />
    </Routes>
  );
}

describe('renderRemote', () => {
  it('mounts under the shell routes, tracks the URL and goes back', async () => {
    const { user } = renderRemote(<Remote />, {
      mounts: ['/campanhas/*'],
      path: '/campanhas',
      before: ['/'],
      outside: { '/': <h1>Início</h1> },
      toaster: true,
    });
    await user.click(screen.getByRole('link', { name: 'Abrir' }));
    expect(currentPath()).toBe('/campanhas/detalhe?x=1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Salvo!')).toBeInTheDocument();
    await browser.back();
    await browser.back();
    expect(screen.getByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('answers fetch from the file server and starts each test clean', async () => {
    expect(server.calls).toHaveLength(0);
    expect(window.localStorage.length).toBe(0);
    window.localStorage.setItem('left', 'over');
    server.on('GET', '/ping/:id', ({ params }) => ({ id: params.id }));
    await expect(api.get('ping/4').json()).resolves.toEqual({ id: '4' });
    expect(server.callsTo('GET', '/ping/:id')).toHaveLength(1);
  });

  it('answers media queries for the width set', () => {
    setScreenWidth(390);
    expect(window.matchMedia('(max-width: 599.95px)').matches).toBe(true);
    expect(window.matchMedia('(min-width: 600px)').matches).toBe(false);
  });
});

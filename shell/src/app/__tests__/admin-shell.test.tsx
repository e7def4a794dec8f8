import { waitFor, within } from '@testing-library/react';
import { SESSION_STORAGE_KEY } from '@rifaria/shared/constants';
import { useSession } from '@rifaria/shared/session';
import { currentPath, renderApp, reply, screen, server, testUser } from '../../testing/test-utils';

jest.mock('../../remotes/load-remote', () => require('../../testing/load-remote-stub'));

describe('Admin shell', () => {
  it('should greet the organiser by first name with the summary text', async () => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
    renderApp('/dashboard', { session: true });
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
    expect(screen.getByText('Aqui está um resumo das suas campanhas.')).toBeInTheDocument();
  });

  it('should use a generic greeting when the name is unknown', async () => {
    server.on('GET', '/api/auth/me', () => reply(500));
    renderApp('/dashboard', { session: { user: { name: '' } } });
    expect(await screen.findByRole('heading', { name: 'Olá!' })).toBeInTheDocument();
  });

  it('should refresh the user from /api/auth/me with the session cookie (no bearer token) and show the profile description', async () => {
    server.on('GET', '/api/auth/me', () => ({
      success: true,
      data: { ...testUser, name: 'Beatriz Nogueira', profile: { description: 'Produtora de eventos' } },
    }));
    renderApp('/dashboard', { session: true });

    expect(await screen.findByRole('heading', { name: 'Olá, Beatriz!' })).toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: /Abrir menu do usuário/ });
    expect(menuButton).toHaveTextContent('BN');
    expect(menuButton).toHaveTextContent('Beatriz');
    expect(menuButton).toHaveTextContent('Produtora de eventos');
    const meCall = server.callsTo('GET', '/api/auth/me')[0]!;
    expect(meCall.headers.get('authorization')).toBeNull();
    expect(meCall.request.credentials).toBe('include');
  });

  it("should show 'Organizador' when the profile has no description", async () => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: { ...testUser, profile: null } }));
    renderApp('/dashboard', { session: { user: { name: 'Ana Paula', profile: null } } });
    expect(await screen.findByRole('button', { name: /Abrir menu do usuário/ })).toHaveTextContent('Organizador');
  });

  it('should list the sidebar sections, without Afiliados until it exists (issue 30)', async () => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
    renderApp('/dashboard', { session: true });
    const [nav] = await screen.findAllByRole('navigation', { name: 'Navegação principal' });
    const sidebar = within(nav!);
    expect(sidebar.getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/dashboard');
    expect(sidebar.getByRole('link', { name: 'Campanhas' })).toHaveAttribute('href', '/campanhas');
    expect(sidebar.getByRole('link', { name: 'Carteiras' })).toHaveAttribute('href', '/carteiras');
    expect(sidebar.getByRole('link', { name: 'Configurações' })).toHaveAttribute('href', '/configuracoes');
    expect(sidebar.queryByText(/Afiliados/)).not.toBeInTheDocument();
    expect(sidebar.queryByText('Em breve')).not.toBeInTheDocument();
    expect(sidebar.getAllByRole('listitem')).toHaveLength(4);
  });

  it('should open the mobile navigation drawer from the menu button', async () => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
    const { user } = renderApp('/dashboard', { session: true });
    await user.click(await screen.findByRole('button', { name: 'Abrir menu de navegação' }));
    const drawer = await screen.findByRole('presentation');
    await user.click(within(drawer).getByRole('link', { name: 'Campanhas' }));
    expect(await screen.findByRole('heading', { name: 'Remoto mf_campaigns' })).toBeInTheDocument();
  });

  it('should offer Perfil, Configurações, WhatsApp and Sair in the user menu', async () => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
    const { user } = renderApp('/dashboard', { session: true });
    await user.click(await screen.findByRole('button', { name: /Abrir menu do usuário/ }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Perfil', 'Configurações', 'WhatsApp', 'Sair']);

    await user.click(within(menu).getByRole('menuitem', { name: 'WhatsApp' }));
    expect(await screen.findByRole('heading', { name: 'Remoto mf_whatsapp' })).toBeInTheDocument();
  });

  it('should log out: call the API, clear the session and go to /login', async () => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
    server.on('POST', '/api/auth/logout', () => reply(204));
    const { user } = renderApp('/dashboard', { session: true });
    await user.click(await screen.findByRole('button', { name: /Abrir menu do usuário/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));

    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(useSession.getState().user).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state).toEqual({ user: null });
    // The server revokes the session and clears its cookie; the call carries the cookie and the CSRF header.
    const logoutCall = server.callsTo('POST', '/api/auth/logout')[0]!;
    expect(logoutCall.request.credentials).toBe('include');
    expect(logoutCall.headers.get('x-requested-with')).toBe('rifaria');
  });

  it('should log out even when the logout call fails', async () => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
    server.on('POST', '/api/auth/logout', () => reply(500, { success: false, message: 'Erro' }));
    const { user } = renderApp('/dashboard', { session: true });
    await user.click(await screen.findByRole('button', { name: /Abrir menu do usuário/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));

    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(useSession.getState().user).toBeNull();
  });

  it('should end the session and return to /login when the session is rejected (401)', async () => {
    server.on('GET', '/api/auth/me', () => reply(401, { success: false, message: 'Token inválido ou expirado.' }));
    renderApp('/dashboard', { session: true });

    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login?redirect=%2Fdashboard');
    expect(useSession.getState().user).toBeNull();
  });
});

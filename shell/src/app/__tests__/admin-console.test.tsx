import { currentPath, renderApp, reply, screen, server } from '../../testing/test-utils';
import { loadRemoteApp } from '../../testing/load-remote-stub';

jest.mock('../../remotes/load-remote', () => require('../../testing/load-remote-stub'));

const OPERATOR = { id: 'op-1', name: 'Olga Operadora', email: 'operador@rifaria.com.br' };
const NOT_FOUND = { success: false, message: 'Rota não encontrada.' };

describe('The operators’ console at /admin (issue 32)', () => {
  it.each([
    ['an organiser', true],
    ['nobody', false],
  ])('should show %s the organiser’s 404 page and never download the console', async (_who, session) => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: {} }));
    server.on('GET', '/api/admin/me', () => reply(404, NOT_FOUND));
    renderApp('/admin/abertura-de-contas', { session });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/abertura-de-contas');
    expect(loadRemoteApp).not.toHaveBeenCalled();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
  });

  it('should mount mf_admin for an operator, outside the organiser’s layout', async () => {
    server.on('GET', '/api/admin/me', () => OPERATOR);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Remoto mf_admin' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
  });

  it.each(['/admin/login', '/admin/convite'])('should open %s without asking who is signed in', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Remoto mf_admin' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/me')).toHaveLength(0);
  });

  it('should offer a retry when the check itself fails', async () => {
    server.on('GET', '/api/admin/me', () => reply(503, { success: false, message: 'Indisponível.' }));
    const { user } = renderApp('/admin');
    expect(await screen.findByText('Não foi possível abrir o painel de operação.')).toBeInTheDocument();
    server.on('GET', '/api/admin/me', () => OPERATOR);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Remoto mf_admin' })).toBeInTheDocument();
  });
});

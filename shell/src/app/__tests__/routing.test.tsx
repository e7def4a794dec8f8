import { currentPath, renderApp, screen, server, testUser } from '../../testing/test-utils';

jest.mock('../../remotes/load-remote', () => require('../../testing/load-remote-stub'));

describe('Routing', () => {
  beforeEach(() => {
    server.on('GET', '/api/auth/me', () => ({ success: true, data: testUser }));
  });

  it('should answer an unknown path with a 404 page and ways onward, not the login (issue 30)', async () => {
    const { user } = renderApp('/qualquer/coisa');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/qualquer/coisa');
    expect(document.title).toBe('Página não encontrada | Rifaria');
    expect(screen.getByText('Rifaria')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sou comprador: minhas campanhas e meus números' })).toHaveAttribute(
      'href',
      '/p',
    );
    await user.click(screen.getByRole('link', { name: 'Sou organizador: entrar na minha conta' }));
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
  });

  it('should send the index to the dashboard, and a visitor without a token on to /login remembering it', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login?redirect=%2Fdashboard');
  });

  it('should protect remote areas and return there after login', async () => {
    server.on('POST', '/api/auth/login', () => ({ access_token: 'tok', user: testUser }));
    const { user } = renderApp('/carteiras?aba=extrato');
    await screen.findByRole('heading', { name: 'Bem-vindo de volta' });
    expect(currentPath()).toBe('/login?redirect=%2Fcarteiras%3Faba%3Dextrato');

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@rifaria.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar na minha conta' }));

    expect(await screen.findByRole('heading', { name: 'Remoto mf_wallet' })).toBeInTheDocument();
    expect(currentPath()).toBe('/carteiras?aba=extrato');
  });

  it.each([
    ['/campanhas', 'mf_campaigns'],
    ['/campanhas/3/vendas', 'mf_campaigns'],
    ['/carteira/adicionar', 'mf_wallet'],
    ['/perfil', 'mf_profile'],
    ['/configuracoes', 'mf_profile'],
    ['/whatsapp', 'mf_whatsapp'],
  ])('should mount %s from %s inside the admin layout when signed in', async (path, remote) => {
    renderApp(path, { session: true });
    expect(await screen.findByRole('heading', { name: `Remoto ${remote}` })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Navegação principal' }).length).toBeGreaterThan(0);
    expect(currentPath()).toBe(path);
  });

  it('should open public campaign pages without login and without the admin layout', async () => {
    renderApp('/p/rifa-da-formatura');
    expect(await screen.findByRole('heading', { name: 'Remoto mf_public' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/p/rifa-da-formatura');
    expect(server.calls).toHaveLength(0);
  });

  it.each([
    ['/termos', 'Termos de Uso'],
    ['/privacidade', 'Política de Privacidade'],
    ['/esqueci-senha', 'Esqueceu a senha?'],
    ['/redefinir-senha?token=abc123', 'Crie uma nova senha'],
    ['/redefinir-senha', 'Link inválido'],
  ])('should show the public page %s', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });

  it('should open the sandbox mailbox without login and without the admin layout', async () => {
    server.on('GET', '/api/sandbox/mailbox', () => ({ success: true, data: [] }));
    renderApp('/sandbox/emails');
    expect(await screen.findByRole('heading', { level: 1, name: 'Caixa de e-mails (sandbox)' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/sandbox/emails');
    expect(server.callsTo('GET', '/api/sandbox/mailbox')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/auth/me')).toHaveLength(0);
  });

  it('should keep a signed-in organiser on the reset page (a link opened from the e-mail)', async () => {
    renderApp('/redefinir-senha?token=abc123', { session: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Crie uma nova senha' })).toBeInTheDocument();
    expect(currentPath()).toBe('/redefinir-senha?token=abc123');
  });
});

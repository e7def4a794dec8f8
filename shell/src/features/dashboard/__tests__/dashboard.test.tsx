import { act, waitFor, within } from '@testing-library/react';
import { holdReply } from '@rifaria/shared/testing';
import userEvent from '@testing-library/user-event';
import type { DashboardOverview, LatestSalesPoint, SessionUser } from '@rifaria/shared/types';
import { currentPath, renderApp, reply, screen, server, testUser } from '../../../testing/test-utils';

jest.mock('../../../remotes/load-remote', () => require('../../../testing/load-remote-stub'));
jest.mock('react-apexcharts', () => require('./apexcharts-stub'));

const verifiedUser: SessionUser = { ...testUser, email_verified_at: '2026-11-01T12:00:00.000Z' };
const unverifiedUser: SessionUser = { ...testUser, email_verified_at: null };

const emptyOverview: DashboardOverview = {
  active_campaigns: 0,
  has_wallet: false,
  has_published_campaign: false,
  wallet: null,
};

function week(values: number[]): LatestSalesPoint[] {
  return values.map((value, index) => ({ day: `2026-11-${String(15 + index).padStart(2, '0')}`, value }));
}

interface Setup {
  overview?: Partial<DashboardOverview> | (() => unknown);
  user?: SessionUser;
  campaigns?: unknown[];
  sales?: (days: string, metric: string) => unknown;
}

function setup({ overview = {}, user = verifiedUser, campaigns = [], sales }: Setup = {}) {
  server.on('GET', '/api/auth/me', () => ({ success: true, data: user }));
  server.on('GET', '/api/dashboard/overview', () =>
    typeof overview === 'function' ? overview() : { success: true, data: { ...emptyOverview, ...overview } },
  );
  server.on('GET', '/api/campaigns', () => ({
    success: true,
    data: campaigns,
    summary: { active_count: 0, draft_count: 0, total_raised: 0 },
  }));
  server.on('GET', '/api/dashboard/latest-sales', ({ url }) =>
    sales
      ? sales(url.searchParams.get('days') ?? '', url.searchParams.get('metric') ?? '')
      : { success: true, data: week([0, 0, 0, 0, 0, 0, 0]) },
  );
  return renderApp('/dashboard', { session: { user } });
}

const draft = { id: 9, name: 'Rifa da Moto', status: { id: 1, description: 'Rascunho' } };

async function onboarding() {
  return within(await screen.findByRole('region', { name: /Primeiros passos|Quase lá/ }));
}

describe('Dashboard screen', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('should show the skeleton until the overview has loaded, then the content', async () => {
    let release: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => {
      release = resolve;
    });
    setup({ overview: () => pending.then(() => ({ success: true, data: { ...emptyOverview, active_campaigns: 2 } })) });

    expect(await screen.findByRole('status', { name: 'Carregando o painel' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rifas em andamento' })).not.toBeInTheDocument();

    await act(async () => release(undefined));
    expect(await screen.findByRole('region', { name: 'Rifas em andamento' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando o painel' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
    // The wallet once (issue 30: the card and the green banner both showed it).
    expect(screen.getByText('Widget mf_wallet/WalletCard')).toBeInTheDocument();
    expect(screen.queryByText('Widget mf_wallet/WalletBanner')).not.toBeInTheDocument();
    expect(screen.getAllByText(/^Widget mf_wallet\//)).toHaveLength(1);
  });

  it('should log an overview failure and render the page with empty data', async () => {
    setup({ overview: () => reply(500, { success: false, message: 'Erro' }) });
    const card = within(await screen.findByRole('region', { name: 'Rifas em andamento' }));
    expect(card.getByText('0')).toBeInTheDocument();
    expect(card.getByText('Comece a gerar receita hoje mesmo')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('[rifaria] erro ao carregar o resumo do painel', expect.anything());
  });

  describe('onboarding checklist', () => {
    it("should show '0/2 completos' and an empty bar with no wallet and no campaign", async () => {
      setup();
      const checklist = await onboarding();
      expect(checklist.getByRole('heading', { name: 'Primeiros passos' })).toBeInTheDocument();
      expect(checklist.getByText('0/2 completos')).toBeInTheDocument();
      expect(checklist.getByRole('progressbar', { name: 'Progresso da configuração' })).toHaveAttribute(
        'aria-valuenow',
        '0',
      );
      expect(checklist.getByRole('link', { name: 'Abrir carteira' })).toHaveAttribute('href', '/carteira/adicionar');
      expect(checklist.getByRole('link', { name: 'Criar primeira campanha' })).toHaveAttribute('href', '/campanhas');
      expect(screen.queryByText('Quase lá! Complete sua configuração:')).not.toBeInTheDocument();
    });

    it("should show 'Quase lá!' with 1/2, a half bar and the wallet step struck through in green", async () => {
      setup({ overview: { has_wallet: true } });
      const checklist = await onboarding();
      expect(checklist.getByRole('heading', { name: 'Quase lá! Complete sua configuração:' })).toBeInTheDocument();
      expect(checklist.getByText('1/2 completos')).toBeInTheDocument();
      expect(checklist.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
      expect(checklist.queryByRole('link', { name: 'Abrir carteira' })).not.toBeInTheDocument();
      expect(checklist.getByText(/Abrir carteira/)).toHaveStyle({ textDecoration: 'line-through' });
      expect(checklist.getByLabelText('Abrir carteira (concluído)')).toBeInTheDocument();
      expect(checklist.getByRole('link', { name: 'Criar primeira campanha' })).toHaveAttribute('href', '/campanhas');
    });

    it('should count a draft campaign as the created-campaign step (2/2, full bar)', async () => {
      setup({ overview: { has_wallet: true }, campaigns: [draft] });
      const checklist = await onboarding();
      expect(checklist.getByText('2/2 completos')).toBeInTheDocument();
      expect(checklist.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      expect(checklist.getByText(/Criar primeira campanha/)).toHaveStyle({ textDecoration: 'line-through' });
      expect(checklist.queryAllByRole('link')).toHaveLength(0);
    });

    it('should not count a cancelled campaign as created', async () => {
      setup({ campaigns: [{ ...draft, status: { id: 3, description: 'Cancelada' } }] });
      const checklist = await onboarding();
      expect(checklist.getByText('0/2 completos')).toBeInTheDocument();
    });

    it('should be hidden once a campaign is published, without asking for the campaign list', async () => {
      setup({ overview: { has_wallet: true, has_published_campaign: true, active_campaigns: 1 } });
      await screen.findByRole('region', { name: 'Rifas em andamento' });
      expect(screen.queryByRole('region', { name: /Primeiros passos|Quase lá/ })).not.toBeInTheDocument();
      expect(screen.queryByText(/completos/)).not.toBeInTheDocument();
      expect(server.callsTo('GET', '/api/campaigns')).toHaveLength(0);
    });
  });

  describe("card 'Rifas em andamento'", () => {
    it("should show the count, the 'ATIVAS' badge and 'Gerenciar campanhas' with active campaigns", async () => {
      setup({ overview: { active_campaigns: 3, has_published_campaign: true } });
      const card = within(await screen.findByRole('region', { name: 'Rifas em andamento' }));
      expect(card.getByText('3')).toBeInTheDocument();
      expect(card.getByText('ATIVAS')).toBeInTheDocument();
      expect(card.getByText('campanhas gerando vendas')).toBeInTheDocument();
      expect(card.getByRole('link', { name: 'Gerenciar campanhas' })).toHaveAttribute('href', '/campanhas');
      expect(card.queryByText('Comece a gerar receita hoje mesmo')).not.toBeInTheDocument();
    });

    it("should say 'campanha' in the singular for exactly one active campaign", async () => {
      setup({ overview: { active_campaigns: 1, has_published_campaign: true } });
      const card = within(await screen.findByRole('region', { name: 'Rifas em andamento' }));
      expect(card.getByText('1')).toBeInTheDocument();
      expect(card.getByText('campanha gerando vendas')).toBeInTheDocument();
    });

    it('should invite to create the first campaign when none is active', async () => {
      setup();
      const card = within(await screen.findByRole('region', { name: 'Rifas em andamento' }));
      expect(card.getByText('0')).toBeInTheDocument();
      expect(card.queryByText('ATIVAS')).not.toBeInTheDocument();
      expect(card.getByText('Comece a gerar receita hoje mesmo')).toBeInTheDocument();
      expect(card.getByRole('link', { name: 'Criar primeira campanha' })).toHaveAttribute('href', '/campanhas');
    });

    it('should not treat an organiser whose campaigns finished as a beginner (issue 30)', async () => {
      setup({ overview: { active_campaigns: 0, has_published_campaign: true, has_wallet: true } });
      const card = within(await screen.findByRole('region', { name: 'Rifas em andamento' }));
      expect(card.getByText('Nenhuma campanha em andamento agora')).toBeInTheDocument();
      expect(card.getByRole('link', { name: 'Criar nova campanha' })).toHaveAttribute('href', '/campanhas');
      expect(screen.queryByText(/Criar primeira campanha/)).not.toBeInTheDocument();
    });
  });

  describe("section 'Últimas vendas'", () => {
    it('should load 7 days of revenue by default and draw it with Dia labels and R$ values', async () => {
      setup({ sales: () => ({ success: true, data: week([0, 150.5, 0, 0, 1200, 0, 0]) }) });
      const section = within(await screen.findByRole('region', { name: 'Últimas vendas' }));
      expect(await section.findByText('Dia 16 · Receita: R$ 150,50 · eixo R$ 150,50')).toBeInTheDocument();
      expect(section.getByText('Dia 19 · Receita: R$ 1.200,00 · eixo R$ 1.200,00')).toBeInTheDocument();
      expect(section.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true');
      expect(section.getByRole('button', { name: 'Receita (R$)' })).toHaveAttribute('aria-pressed', 'true');
      const [first] = server.callsTo('GET', '/api/dashboard/latest-sales');
      expect(Object.fromEntries(first!.url.searchParams)).toEqual({ days: '7', metric: 'revenue' });
    });

    it('should reload with the chosen period and metric', async () => {
      const { user } = setup({
        sales: (_days, metric) => ({
          success: true,
          data: week(metric === 'tickets' ? [0, 0, 12, 0, 0, 0, 3] : [10, 0, 0, 0, 0, 0, 0]),
        }),
      });
      const section = within(await screen.findByRole('region', { name: 'Últimas vendas' }));
      await section.findByText(/Dia 15 · Receita/);

      await user.click(section.getByRole('button', { name: '30 dias' }));
      await waitFor(() => expect(server.callsTo('GET', '/api/dashboard/latest-sales')).toHaveLength(2));
      expect(Object.fromEntries(server.callsTo('GET', '/api/dashboard/latest-sales')[1]!.url.searchParams)).toEqual({
        days: '30',
        metric: 'revenue',
      });

      await user.click(section.getByRole('button', { name: 'Tickets' }));
      expect(await section.findByText('Dia 17 · Tickets: 12 · eixo 12')).toBeInTheDocument();
      expect(Object.fromEntries(server.callsTo('GET', '/api/dashboard/latest-sales')[2]!.url.searchParams)).toEqual({
        days: '30',
        metric: 'tickets',
      });
      expect(section.getByRole('button', { name: '30 dias' })).toHaveAttribute('aria-pressed', 'true');
    });

    it("should show 'Suas vendas aparecerão aqui' when every value is zero", async () => {
      setup();
      const section = within(await screen.findByRole('region', { name: 'Últimas vendas' }));
      expect(await section.findByText('Suas vendas aparecerão aqui')).toBeInTheDocument();
      expect(section.queryByRole('img', { name: 'Gráfico de vendas por dia' })).not.toBeInTheDocument();
    });

    it('should log a failed series and show the empty state', async () => {
      setup({ sales: () => reply(500, { success: false, message: 'Erro' }) });
      const section = within(await screen.findByRole('region', { name: 'Últimas vendas' }));
      expect(await section.findByText('Suas vendas aparecerão aqui')).toBeInTheDocument();
      expect(consoleError).toHaveBeenCalledWith('[rifaria] erro ao carregar as últimas vendas', expect.anything());
    });
  });

  describe('e-mail verification', () => {
    async function openModal() {
      const rendered = setup({ user: unverifiedUser });
      const alert = await screen.findByText(/Seu email ainda não foi verificado/);
      await rendered.user.click(
        within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Verificar email' }),
      );
      return { ...rendered, dialog: within(await screen.findByRole('dialog', { name: 'Verifique seu email' })) };
    }

    it('should hide the banner when the e-mail is verified', async () => {
      setup({ user: verifiedUser });
      await screen.findByRole('region', { name: 'Rifas em andamento' });
      expect(screen.queryByText(/Seu email ainda não foi verificado/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Verificar email' })).not.toBeInTheDocument();
    });

    it('should send the e-mail, show the success texts and close itself after 3 s', async () => {
      const { release } = holdReply(server, 'POST', '/api/auth/send-verification-email', {
        success: true,
        message: 'Email enviado com sucesso!',
      });
      const { dialog } = await openModal();

      jest.useFakeTimers();
      try {
        const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
        await user.click(dialog.getByRole('button', { name: 'Enviar email de verificação' }));
        expect(await dialog.findByRole('button', { name: 'Enviando...' })).toBeDisabled();
        await act(async () => release());

        expect(await dialog.findByText('Email enviado com sucesso!')).toBeInTheDocument();
        expect(dialog.getByText('Verifique sua caixa de entrada e spam.')).toBeInTheDocument();
        expect(
          dialog.getByText(/Digite o código de 6 dígitos em Meus Dados para concluir a verificação\./),
        ).toBeInTheDocument();
        expect(dialog.getByRole('link', { name: 'Digitar o código em Meus Dados' })).toHaveAttribute(
          'href',
          '/perfil?verificar-email=1',
        );
        expect(server.callsTo('POST', '/api/auth/send-verification-email')[0]!.headers.get('x-requested-with')).toBe(
          'rifaria',
        );

        await act(async () => jest.advanceTimersByTime(2_999));
        expect(screen.getByRole('dialog', { name: 'Verifique seu email' })).toBeInTheDocument();
        await act(async () => jest.advanceTimersByTime(1));
        // Only the dialog's exit transition (~225 ms) after that: a later auto-close would still be open here.
        await act(async () => jest.advanceTimersByTime(500));
        expect(screen.queryByRole('dialog', { name: 'Verifique seu email' })).not.toBeInTheDocument();
      } finally {
        jest.useRealTimers();
      }
    });

    it('should offer sending a 6-digit code to the account e-mail', async () => {
      const { dialog } = await openModal();
      expect(dialog.getByText('Enviaremos um código de 6 dígitos para ana@rifaria.com.br.')).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Verificar mais tarde' })).toBeEnabled();
    });

    it("should point to 'Meus Dados' once sent, from the banner too, and to the sandbox mailbox when it answers", async () => {
      server.on('POST', '/api/auth/send-verification-email', () => ({
        success: true,
        message: 'Enviamos um código de 6 dígitos para o seu e-mail.',
      }));
      server.on('GET', '/api/sandbox/mailbox', () => ({ success: true, data: [] }));
      const { dialog } = await openModal();

      jest.useFakeTimers();
      try {
        const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
        await user.click(dialog.getByRole('button', { name: 'Enviar email de verificação' }));

        const mailbox = await dialog.findByRole('link', { name: 'Veja a caixa de e-mails (sandbox)' });
        expect(mailbox).toHaveAttribute('href', '/sandbox/emails?para=ana%40rifaria.com.br');
        expect(mailbox).toHaveAttribute('target', '_blank');
        expect(server.callsTo('GET', '/api/sandbox/mailbox')[0]!.url.searchParams.get('to')).toBe('ana@rifaria.com.br');

        // The modal closes itself; the banner keeps the way to the code dialog.
        await act(async () => jest.advanceTimersByTime(3_000));
        await act(async () => jest.advanceTimersByTime(500)); // the exit transition
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      } finally {
        jest.useRealTimers();
      }
      const banner = screen
        .getByText(/Enviamos um código de 6 dígitos para o seu email/)
        .closest('[role="alert"]') as HTMLElement;
      expect(banner).toHaveTextContent('Digite-o em Meus Dados para concluir a verificação.');
      expect(within(banner).getByRole('link', { name: 'Veja a caixa de e-mails (sandbox)' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Verificar email' })).not.toBeInTheDocument();

      await userEvent.setup().click(within(banner).getByRole('link', { name: 'Digitar código' }));
      expect(await screen.findByRole('heading', { name: 'Remoto mf_profile' })).toBeInTheDocument();
      expect(currentPath()).toBe('/perfil?verificar-email=1');
    });

    it('should not link to the sandbox mailbox when it is off', async () => {
      server.on('POST', '/api/auth/send-verification-email', () => ({ success: true }));
      server.on('GET', '/api/sandbox/mailbox', () => reply(404, { success: false, message: 'Not Found' }));
      const { dialog, user } = await openModal();
      await user.click(dialog.getByRole('button', { name: 'Enviar email de verificação' }));
      await dialog.findByText('Email enviado com sucesso!');
      await waitFor(() => expect(server.callsTo('GET', '/api/sandbox/mailbox').length).toBeGreaterThan(0));
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByRole('link', { name: /caixa de e-mails/ })).not.toBeInTheDocument();
    });

    it('should show the generic failure text when sending fails', async () => {
      server.on('POST', '/api/auth/send-verification-email', () => reply(500, { success: false, message: 'boom' }));
      const { dialog, user } = await openModal();
      await user.click(dialog.getByRole('button', { name: 'Enviar email de verificação' }));
      expect(await dialog.findByText('Erro ao enviar email de verificação. Tente novamente.')).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Enviar email de verificação' })).toBeEnabled();
    });

    it("should show the server's message for a 429", async () => {
      const message = 'Aguarde um minuto antes de solicitar um novo e-mail de verificação.';
      server.on('POST', '/api/auth/send-verification-email', () => reply(429, { success: false, message }));
      const { dialog, user } = await openModal();
      await user.click(dialog.getByRole('button', { name: 'Enviar email de verificação' }));
      expect(await dialog.findByText(message)).toBeInTheDocument();
    });

    // jsdom lays nothing out and applies no media query: the e2e journey measures the buttons at 1366 and 390 px.
    it('should be wide enough to hold its two buttons side by side', async () => {
      await openModal();
      const paper = screen.getByRole('dialog', { name: 'Verifique seu email' });
      expect(getComputedStyle(paper).maxWidth).toBe('520px');
      const later = within(paper).getByRole('button', { name: 'Verificar mais tarde' });
      const send = within(paper).getByRole('button', { name: 'Enviar email de verificação' });
      expect(send.parentElement).toBe(later.parentElement);
      expect(later.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it("should close without sending on 'Verificar mais tarde'", async () => {
      const { dialog, user } = await openModal();
      await user.click(dialog.getByRole('button', { name: 'Verificar mais tarde' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(server.callsTo('POST', '/api/auth/send-verification-email')).toHaveLength(0);
    });
  });
});

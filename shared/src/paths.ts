/**
 * Every route of the spec's route table (section 2), typed: `path` is the react-router pattern, `getHref` builds a link.
 * Remotes mounted under a splat route (`/campanhas/*`) match their own descendant routes relative to the mount.
 */
import { CAMPAIGN_LINK_FALLBACK_PREFIX } from './constants';

type Id = number | string;

const enc = (value: Id) => encodeURIComponent(String(value));

/** Query parameter that carries the originally requested location to /login. */
export const REDIRECT_PARAM = 'redirect';

/** `/perfil?verificar-email=1` opens the e-mail code dialog (the link in the verification e-mail, the dashboard). */
export const VERIFY_EMAIL_PARAM = 'verificar-email';

/** `/sandbox/emails?para=…` opens the sandbox mailbox filtered by that recipient. */
export const MAILBOX_RECIPIENT_PARAM = 'para';

/**
 * Only same-app absolute paths are accepted as a return target ('/x', not '//evil.com' or 'https://…'),
 * so the login redirect can never be used to send someone to another site.
 */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return null;
  return target;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },

  // Public
  login: {
    path: '/login',
    /** `/login?redirect=/campanhas/3/painel` when a return target is given. */
    getHref: (redirectTo?: string | null) => {
      const target = safeRedirectTarget(redirectTo);
      return target ? `/login?${REDIRECT_PARAM}=${encodeURIComponent(target)}` : '/login';
    },
  },
  register: { path: '/cadastro', getHref: () => '/cadastro' },
  forgotPassword: { path: '/esqueci-senha', getHref: () => '/esqueci-senha' },
  resetPassword: {
    path: '/redefinir-senha',
    getHref: (token: string) => `/redefinir-senha?token=${encodeURIComponent(token)}`,
  },
  /** Sandbox only (no SMTP_URL): the e-mails the platform would have sent. */
  sandboxMailbox: {
    path: '/sandbox/emails',
    getHref: (recipient?: string) =>
      recipient ? `/sandbox/emails?${MAILBOX_RECIPIENT_PARAM}=${encodeURIComponent(recipient)}` : '/sandbox/emails',
  },
  terms: { path: '/termos', getHref: () => '/termos' },
  privacy: { path: '/privacidade', getHref: () => '/privacidade' },
  publicArea: { path: '/p/*', getHref: () => '/p' },
  publicCampaign: { path: '/p/:linkSlug', getHref: (linkSlug: string) => `/p/${enc(linkSlug)}` },
  /** "Meus números": a buyer finds their numbers with phone and CPF. */
  myTickets: { path: '/p/:linkSlug/meus-numeros', getHref: (linkSlug: string) => `/p/${enc(linkSlug)}/meus-numeros` },
  /** The draw's result and how anyone checks it (issue 13). */
  publicResult: { path: '/p/:linkSlug/resultado', getHref: (linkSlug: string) => `/p/${enc(linkSlug)}/resultado` },
  /** The link sent to the old phone after 'Trocar de telefone': undoes the change (the token in the fragment). */
  undoPhoneChange: {
    path: '/p/desfazer-troca-de-telefone',
    getHref: (token: string) => `/p/desfazer-troca-de-telefone#${encodeURIComponent(token)}`,
  },
  checkout: {
    path: '/p/checkout',
    getHref: (purchaseHash: string) => `/p/checkout?compra=${encodeURIComponent(purchaseHash)}`,
  },

  // Protected
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  campaigns: { path: '/campanhas', getHref: () => '/campanhas' },
  campaignPanel: { path: '/campanhas/:id/painel', getHref: (id: Id) => `/campanhas/${enc(id)}/painel` },
  campaignEdit: { path: '/campanhas/:id/editar', getHref: (id: Id) => `/campanhas/${enc(id)}/editar` },
  campaignSales: { path: '/campanhas/:id/vendas', getHref: (id: Id) => `/campanhas/${enc(id)}/vendas` },
  wallets: { path: '/carteiras', getHref: () => '/carteiras' },
  walletAdd: { path: '/carteira/adicionar', getHref: () => '/carteira/adicionar' },
  profile: {
    path: '/perfil',
    /** `{ verifyEmail: true }`: the profile with the e-mail code dialog open. */
    getHref: (options?: { verifyEmail?: boolean }) =>
      options?.verifyEmail ? `/perfil?${VERIFY_EMAIL_PARAM}=1` : '/perfil',
  },
  settings: { path: '/configuracoes', getHref: () => '/configuracoes' },
  whatsapp: { path: '/whatsapp', getHref: () => '/whatsapp' },

  // The operators' back office (issue 32): mf-admin under /admin/*, outside the organiser's layout.
  admin: {
    path: '/admin',
    /** '/admin' (the console's home) or one of its screens: '/admin/abertura-de-contas/7'. */
    getHref: (...segments: Id[]) => ['/admin', ...segments.map(enc)].join('/'),
  },
  adminLogin: { path: '/admin/login', getHref: () => '/admin/login' },
  /** The e-mailed invite: the token in the fragment (never sent to a server's log). */
  adminInvite: { path: '/admin/convite', getHref: (token: string) => `/admin/convite#${encodeURIComponent(token)}` },
} as const;

export type AppPath = keyof typeof paths;

/** The public slug of a campaign: its link, or 'campanha-{id}' when it has none (spec section 2). */
export function campaignLinkSlug(campaign: { link?: string | null; id: Id }): string {
  return campaign.link?.trim() || `${CAMPAIGN_LINK_FALLBACK_PREFIX}${campaign.id}`;
}

/** Paths where a 401 must not bounce the visitor to /login (spec sections 4 and 8; the operators' console, issue 32). */
export const SESSION_FREE_PATH_PREFIXES = ['/login', '/cadastro', '/p/', '/admin'] as const;

export function isSessionFreePath(pathname: string): boolean {
  return SESSION_FREE_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

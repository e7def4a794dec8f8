/** API replies of mf-profile's screens (issue 14 contract and spec section 7), for the `server` of @rifaria/shared/testing. */
import { resetSession, useSession } from '@rifaria/shared/session';
import { refusal, reply, serveCep, server, userWallet } from '@rifaria/shared/testing';
import type { AccountSettings, User } from '@rifaria/shared/types';
import { useToastStore } from '@rifaria/shared/ui';

/** The signed-in organiser as GET /api/auth/profile answers: no e-mail verified, CPF and phone as digits. */
export function profileUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Ana Paula Souza',
    email: 'ana@rifaria.com.br',
    cpf: '52998224725',
    phone: '11987654321',
    birthdate: null,
    email_verified_at: null,
    wallets: [],
    profile: { description: 'Organizadora' },
    formatted: { cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    ...overrides,
  };
}

/** The session the shell would hold for that user (its menu reads the name from here). */
export function signIn(user: User = profileUser()) {
  resetSession();
  useSession.getState().setSession(user);
}

export const savedAddress = {
  zip_code: '01310100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: 'Sala 12',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: { id: 35, name: 'São Paulo', abbreviation: 'SP' },
};

export const STATES = [
  { id: 31, name: 'Minas Gerais', abbreviation: 'MG' },
  { id: 33, name: 'Rio de Janeiro', abbreviation: 'RJ' },
  { id: 35, name: 'São Paulo', abbreviation: 'SP' },
];

export interface ProfileServerOptions {
  user?: User;
  /** GET /api/user-wallets → data. */
  wallets?: unknown[];
  /** GET /api/auth/address → address (null: none saved yet). */
  address?: typeof savedAddress | null;
}

/** Every GET of /perfil: the profile, the wallets (CPF lock), the address, the states and the CEP lookup. */
export function profileServer({ user = profileUser(), wallets = [], address = null }: ProfileServerOptions = {}) {
  server.on('GET', '/api/auth/profile', () => ({ success: true, user, formatted: user.formatted }));
  server.on('GET', '/api/user-wallets', () => ({ success: true, data: wallets }));
  server.on('GET', '/api/auth/address', () =>
    address
      ? { success: true, address, formatted: { zip_code: '01310-100' } }
      : { success: true, message: 'Endereço não cadastrado', address: null, formatted: null },
  );
  server.on('GET', '/api/auth/states', () => ({ success: true, states: STATES }));
  serveCep();
}

/** PUT /api/auth/address: saved as sent, its state named from the UF, with `formatted` when given. */
export function serveAddressSave(formatted?: { zip_code: string }) {
  server.on('PUT', '/api/auth/address', ({ body }) => {
    const sent = body as Record<string, string>;
    return {
      success: true,
      message: 'Endereço salvo com sucesso!',
      address: { ...sent, state: { id: 35, name: 'São Paulo', abbreviation: sent.state_uf } },
      ...(formatted ? { formatted } : {}),
    };
  });
}

/** An active wallet as GET /api/user-wallets lists it. */
export const activeWallet = userWallet();

/** A 422 refusal as the API words it. */
export const refused = (message: string, errors?: Record<string, string[]>) => reply(422, refusal(message, errors));

export function accountSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    public_name: null,
    public_whatsapp: null,
    notifications: { purchase_reserved: true, payment_confirmed: true, reservation_expired: true, draw_result: true },
    effective: { name: 'Ana Paula Souza', whatsapp: null },
    suggestions: { account_phone: '11987654321', instance_phones: [] },
    ...overrides,
  };
}

/** The queued toasts as 'title / description'. */
export const toastTexts = () =>
  useToastStore.getState().toasts.map((toast) => [toast.title, toast.description].filter(Boolean).join(' / '));

/** The last request's JSON body to `method path`. */
export const lastBody = (method: string, path: string) => server.callsTo(method, path).at(-1)?.body;

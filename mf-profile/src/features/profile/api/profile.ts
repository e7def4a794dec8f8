/** 'Meus Dados', tab Dados (spec section 7): the profile, whether its CPF is locked, and its save. */
import { api } from '@rifaria/shared/api-client';
import type { ProfileInput } from '@rifaria/shared/schemas';
import type { User } from '@rifaria/shared/types';

export interface ProfileReply {
  success: boolean;
  message?: string;
  user: User;
  formatted?: { cpf: string | null; phone: string | null };
}

/** GET /api/auth/profile → the user (name, email, cpf and phone as digits, email_verified_at, profile). */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  const reply = await api.get('/api/auth/profile', { signal }).json<ProfileReply>();
  return reply.user;
}

/**
 * PUT /api/auth/profile {name, email, cpf, phone} (CPF and phone as digits, from profileSchema). retry 0: a person
 * pressed Salvar and waits; a failure is said at once.
 */
export async function updateProfile(input: ProfileInput): Promise<ProfileReply> {
  return api.put('/api/auth/profile', { json: input, retry: 0 }).json<ProfileReply>();
}

interface WalletSummary {
  is_active?: boolean;
  status?: string;
}

const isActive = (wallet: unknown): boolean => {
  if (typeof wallet !== 'object' || wallet === null) return false;
  const { is_active: active, status } = wallet as WalletSummary;
  return active === true || status === 'active';
};

/**
 * Whether the organiser holds an active wallet, which locks the CPF (the wallet holder's identity). The profile's
 * `user.wallets` says so when it lists them; GET /api/user-wallets is asked too, since the profile reply may leave
 * the list empty.
 */
export async function hasActiveWallet(user: User, signal?: AbortSignal): Promise<boolean> {
  if ((user.wallets ?? []).some(isActive)) return true;
  const reply = await api.get('/api/user-wallets', { signal }).json<{ success: boolean; data?: unknown[] }>();
  return (reply.data ?? []).some(isActive);
}

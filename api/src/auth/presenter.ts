import type { User as SharedUser } from '@rifaria/shared/types';
import type { User } from '../db/schema';
import { formatCpf, formatPhone } from '../lib/format';

/** Wallet summary of spec section 3 "Wallet"; wallets arrive with the wallet issue. */
export interface UserWalletSummary {
  id: number;
  is_active: boolean;
  wallet_type: { name: string };
  created_at: string;
}

/** The `user` object of every auth/profile reply (spec section 3 "User"). */
export interface UserDto {
  id: number;
  name: string;
  email: string;
  cpf: string | null;
  phone: string | null;
  birthdate: string | null;
  email_verified_at: string | null;
  wallets: UserWalletSummary[];
  profile: { description: string };
  formatted: { cpf: string | null; phone: string | null };
}

// Compile-time check that the API honours the contract the front end reads.
const contractCheck = (dto: UserDto): SharedUser => dto;
void contractCheck;

export function presentUser(user: User, wallets: UserWalletSummary[] = []): UserDto {
  return {
    // bigint ids are strings in the database layer; the front end (and the spec) uses numbers.
    id: Number(user.id),
    name: user.name,
    email: user.email,
    cpf: user.cpf,
    phone: user.phone,
    birthdate: user.birthdate,
    email_verified_at: user.email_verified_at ? user.email_verified_at.toISOString() : null,
    wallets,
    profile: { description: user.profile_description },
    formatted: { cpf: formatCpf(user.cpf), phone: formatPhone(user.phone) },
  };
}

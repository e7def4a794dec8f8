/**
 * Wire types shared by the browser and the API (spec section 3). Plain types only: the API imports this file too.
 * Domain types beyond authentication are added by the teams that own those endpoints.
 */
import type { FieldErrors } from './schemas/validate';

export type { FieldErrors };

/** Every failure reply: `{ success: false, message, errors? }` (422 for validation, field → list of pt-BR messages). */
export interface ApiErrorBody {
  success: false;
  message?: string;
  /** Some legacy replies carry a single error text here; the login screen shows it first (spec section 8). */
  error?: string;
  errors?: FieldErrors;
  [key: string]: unknown;
}

export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data: T;
}

export interface Pagination {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  has_more_pages: boolean;
  from: number | null;
  to: number | null;
}

export interface UserProfile {
  description: string | null;
}

/** What the browser keeps about the signed-in organiser (spec section 3 "User"). */
export interface SessionUser {
  id?: number | string;
  name: string;
  email?: string;
  email_verified_at?: string | null;
  profile?: UserProfile | null;
}

/** GET /api/auth/me and the `user` of the login/registration replies. */
export interface User extends SessionUser {
  id: number | string;
  email: string;
  cpf?: string | null;
  phone?: string | null;
  birthdate?: string | null;
  wallets?: unknown[];
  formatted?: { cpf?: string | null; phone?: string | null };
}

/** POST /api/auth/login and /api/auth/register: the token comes as access_token (or token) plus the user. */
export interface AuthReply {
  success?: boolean;
  message?: string;
  access_token?: string;
  token?: string;
  token_type?: string;
  expires_at?: string;
  user: User;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

import { api } from '@rifaria/shared/api-client';
import type { LoginInput } from '@rifaria/shared/schemas';
import { readUser } from './auth-reply';

/** POST /api/auth/login {email, password} → the user; the session is the HttpOnly cookie the reply sets (its access_token is for API clients). */
export async function login(input: LoginInput) {
  const body = await api.post('/api/auth/login', { json: input }).json<unknown>();
  return readUser(body);
}

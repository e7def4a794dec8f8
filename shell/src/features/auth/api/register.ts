import { api } from '@rifaria/shared/api-client';
import type { RegisterInput } from '@rifaria/shared/schemas';
import { readUser } from './auth-reply';

/** POST /api/auth/register {name, email, password, password_confirmation} → the user; the session is the HttpOnly cookie the reply sets (its access_token is for API clients). */
export async function register(input: RegisterInput) {
  const body = await api.post('/api/auth/register', { json: input }).json<unknown>();
  return readUser(body);
}

import { api } from '@rifaria/shared/api-client';
import type { RegisterInput } from '@rifaria/shared/schemas';
import { readAuthReply } from './auth-reply';

/** POST /api/auth/register {name, email, password, password_confirmation} → token + user. */
export async function register(input: RegisterInput) {
  const body = await api.post('/api/auth/register', { json: input }).json<unknown>();
  return readAuthReply(body);
}

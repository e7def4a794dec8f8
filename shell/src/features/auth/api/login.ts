import { api } from '@rifaria/shared/api-client';
import type { LoginInput } from '@rifaria/shared/schemas';
import { readAuthReply } from './auth-reply';

/** POST /api/auth/login {email, password} → token + user. */
export async function login(input: LoginInput) {
  const body = await api.post('/api/auth/login', { json: input }).json<unknown>();
  return readAuthReply(body);
}

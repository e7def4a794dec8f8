/** 'Meus Dados', tab Alterar Senha. */
import { api } from '@rifaria/shared/api-client';
import type { ChangePasswordInput } from '@rifaria/shared/schemas';

/**
 * POST /api/auth/change-password {current_password, new_password, new_password_confirmation}. A wrong current
 * password is a 422 on current_password; every other session of the user ends.
 */
export async function changePassword(input: ChangePasswordInput): Promise<{ success: boolean; message?: string }> {
  return api.post('/api/auth/change-password', { json: input }).json<{ success: boolean; message?: string }>();
}

/** The signed-in operator (GET /api/admin/me: a 404 for anyone else) and the way out. */
import { api } from '@rifaria/shared/api-client';

export interface Operator {
  id: string;
  name: string;
  email: string;
}

export const getOperator = (signal: AbortSignal) => api.get('/api/admin/me', { signal }).json<Operator>();

export const logout = () => api.post('/api/admin/logout');

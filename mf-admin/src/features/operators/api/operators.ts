/** The operators and their invites (issue 32, api/src/admin/operators-routes.ts). */
import { api } from '@rifaria/shared/api-client';

export interface OperatorRow {
  id: string;
  name: string;
  email: string;
  totp_enrolled: boolean;
  created_at: string;
  invited_by: { id: string; name: string } | null;
}

export interface PendingInvite {
  id: string;
  email: string;
  name: string;
  created_at: string;
  expires_at: string;
}

export interface OperatorsReply {
  items: OperatorRow[];
  invites: PendingInvite[];
}

export const getOperators = (signal: AbortSignal) => api.get('/api/admin/operators', { signal }).json<OperatorsReply>();

export const inviteOperator = (input: { email: string; name: string }) =>
  api.post('/api/admin/operators/invites', { json: input }).json<{ message: string }>();

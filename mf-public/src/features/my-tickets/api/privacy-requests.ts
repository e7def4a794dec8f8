/**
 * A buyer's LGPD request (issue 32): POST /public/privacy-requests {phone, cpf, kind} answers the same for anyone
 * with the request's id (a code goes by WhatsApp only to a matching buyer); POST /public/privacy-requests/{id}/confirm
 * {code} puts it in the operators' queue.
 */
import { api } from '@rifaria/shared/api-client';
import type { PrivacyRequestCreated, PrivacyRequestInput } from '@rifaria/shared/schemas';
import type { ApiSuccess } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

export async function createPrivacyRequest(input: PrivacyRequestInput): Promise<ApiSuccess<PrivacyRequestCreated>> {
  return api.post('/public/privacy-requests', anonymous({ json: input })).json<ApiSuccess<PrivacyRequestCreated>>();
}

export async function confirmPrivacyRequest(id: string, code: string): Promise<{ success: boolean; message: string }> {
  return api
    .post(`/public/privacy-requests/${encodeURIComponent(id)}/confirm`, anonymous({ json: { code } }))
    .json<{ success: boolean; message: string }>();
}

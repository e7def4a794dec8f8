/** The organiser's latest account opening (issue 32): why it was rejected, and what 'Corrigir e reenviar' prefills. */
import { api } from '@rifaria/shared/api-client';
import type { KycRejectionReason } from '@rifaria/shared/schemas';

type TextField = 'name' | 'email' | 'cpf' | 'phone' | 'zipCode' | 'street' | 'number' | 'neighborhood' | 'city';

/** The data the organiser sent (digits only in cpf, phone and zipCode; birthdate 'AAAA-MM-DD' or null). */
export type AccountApplicationFields = Record<TextField | 'state' | 'complement', string> & {
  birthdate: string | null;
  documentType: number;
};

export interface LatestApplication {
  id: number;
  status: 'in_review' | 'approved' | 'rejected';
  created_at: string;
  reviewed_at: string | null;
  /** The operator's reason (null `reason`: a rejection from before the fixed list, `reason_label` says it). */
  rejection: { reason: KycRejectionReason | null; reason_label: string; details: string | null } | null;
  /** Rejected and not corrected yet: 'Corrigir e reenviar' is offered. */
  can_resubmit: boolean;
  fields: AccountApplicationFields;
  document: { mime: string; size: number };
}

/** GET /api/accounts/applications/latest: null before any application. */
export async function getLatestApplication(signal?: AbortSignal): Promise<LatestApplication | null> {
  const reply = await api
    .get('/api/accounts/applications/latest', { signal, retry: 0 })
    .json<{ success: boolean; data: LatestApplication | null }>();
  return reply.data;
}

/** The rejected application 'Corrigir e reenviar' starts from, or null (none, not rejected, already resent). */
export const correctable = (application: LatestApplication | null): LatestApplication | null =>
  application?.status === 'rejected' && application.can_resubmit ? application : null;

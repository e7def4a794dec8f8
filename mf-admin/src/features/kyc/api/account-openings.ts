/** The account-opening review (issue 32, api/src/admin/kyc-routes.ts). */
import { api } from '@rifaria/shared/api-client';
import type { KycRejectionReason } from '@rifaria/shared/schemas';

export type OpeningStatus = 'pending' | 'approved' | 'rejected';

/** The automatic checks, made before any person looks (adult: null without a birth date). */
export interface OpeningChecks {
  cpf_valid: boolean;
  adult: boolean | null;
  cpf_unique: boolean;
}

export interface OpeningItem {
  id: number;
  name: string;
  cpf_masked: string;
  created_at: string;
  status: OpeningStatus;
  status_label: string;
  checks: OpeningChecks;
}

export interface OpeningsPage {
  items: OpeningItem[];
  total: number;
  page: number;
  per_page: number;
}

export interface OpeningDetail {
  id: number;
  status: OpeningStatus;
  status_label: string;
  created_at: string;
  reviewed_at: string | null;
  reviewer: string | null;
  data: Record<string, string | number | null>;
  document_type: string;
  checks: OpeningChecks;
  rejection: { reason: KycRejectionReason | null; reason_label: string; details: string | null } | null;
  resubmission_of: number | null;
  document: { mime: string; size: number };
  /** An /api/admin/… address, served to operators only (no-store). */
  document_url: string;
}

export const listOpenings = (status: OpeningStatus, page: number, signal: AbortSignal) =>
  api.get('/api/admin/account-openings', { searchParams: { status, page }, signal }).json<OpeningsPage>();

export const getOpening = (id: string, signal: AbortSignal) =>
  api.get(`/api/admin/account-openings/${encodeURIComponent(id)}`, { signal }).json<OpeningDetail>();

export const approveOpening = (id: number) => api.post(`/api/admin/account-openings/${id}/approve`);

export const rejectOpening = (id: number, body: { reason: string; details: string | null }) =>
  api.post(`/api/admin/account-openings/${id}/reject`, { json: body });

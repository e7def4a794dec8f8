/** The buyers' LGPD requests (issue 32, api/src/admin/privacy-routes.ts). */
import { api } from '@rifaria/shared/api-client';
import type { AdminPrivacyQueue, PrivacyRequestStatus } from '@rifaria/shared/schemas';

export const listPrivacyRequests = (status: PrivacyRequestStatus, signal: AbortSignal) =>
  api.get('/api/admin/privacy-requests', { searchParams: { status }, signal }).json<AdminPrivacyQueue>();

const request = (id: string, action: string) => `/api/admin/privacy-requests/${encodeURIComponent(id)}/${action}`;

/** Answers an export request: the API hands the buyer's data as a JSON file, which the browser saves. */
export async function downloadExport(id: string): Promise<void> {
  const file = await api.post(request(id, 'export')).blob();
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `dados-titular-${id}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Executes a deletion request: the buyer anonymised; purchases and ledger entries kept. */
export const executeDeletion = (id: string) => api.post(request(id, 'execute'));

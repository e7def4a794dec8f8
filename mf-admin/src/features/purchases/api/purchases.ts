/** Buyer support (issue 32, api/src/admin/purchases-routes.ts and GET /api/admin/refunds). Rows keyed by their hash. */
import { api } from '@rifaria/shared/api-client';
import type { AdminPurchase, AdminPurchaseDetail, AdminRefund } from '@rifaria/shared/types';

const keyed = <T extends { purchase_hash: string }>(reply: { items: T[] }) => ({
  items: reply.items.map((item) => ({ ...item, id: item.purchase_hash })),
});

const path = (hash: string, action = '') => `/api/admin/purchases/${encodeURIComponent(hash)}${action}`;

export const searchPurchases = (q: string, signal: AbortSignal) =>
  api.get('/api/admin/purchases', { searchParams: { q }, signal }).json<{ items: AdminPurchase[] }>().then(keyed);

export const getPurchase = (hash: string, signal: AbortSignal) =>
  api.get(path(hash), { signal }).json<AdminPurchaseDetail>();

export const refundPurchase = (hash: string, reason: string) => api.post(path(hash, '/refund'), { json: { reason } });

export const resendConfirmation = (hash: string) => api.post(path(hash, '/resend-confirmation'));

export type RefundStatus = AdminRefund['refund_status'];

export const listRefunds = (status: RefundStatus, signal: AbortSignal) =>
  api.get('/api/admin/refunds', { searchParams: { status }, signal }).json<{ items: AdminRefund[] }>().then(keyed);

/**
 * POST /payments/sandbox/charges/{txid}/pay, sandbox PSP only: "the buyer paid"; the PSP then calls the webhook
 * exactly like a real one.
 */
import { api } from '@rifaria/shared/api-client';
import { anonymous } from '../../common/api/anonymous';

export async function paySandboxCharge(txid: string): Promise<void> {
  await api.post(`/payments/sandbox/charges/${encodeURIComponent(txid)}/pay`, anonymous()).json();
}

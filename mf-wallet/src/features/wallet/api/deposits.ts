import { api } from '@rifaria/shared/api-client';

export interface DepositReply {
  success: boolean;
  message?: string;
  payment: {
    id: number;
    txid: string;
    amount: number;
    formatted_amount: string;
    status: 'pending' | 'paid' | 'expired';
    expires_at: string;
    paid_at: string | null;
  };
  pix: { qr_code: string; copy_paste_code: string };
  sandbox_pay_url: string | null;
}

export interface DepositRequest {
  /** Reais with 2 decimals. */
  amount: number;
  description: string;
  user_wallet_id: number;
}

/** POST /payments/deposits: a Pix charge that credits the wallet when paid. */
export async function createDeposit(body: DepositRequest): Promise<DepositReply> {
  return api.post('/payments/deposits', { json: body, retry: 0 }).json<DepositReply>();
}

/** GET /payments/deposits/{id}: polled while the generated Pix is on screen. */
export async function getDeposit(depositId: number): Promise<DepositReply> {
  return api.get(`/payments/deposits/${depositId}`, { retry: 0 }).json<DepositReply>();
}

/** POST the sandbox PSP's pay URL (`sandbox_pay_url` of the deposit): a simulated payment, no real money. */
export async function payInSandbox(url: string): Promise<{ success: boolean; message?: string }> {
  return api.post(url, { retry: 0 }).json<{ success: boolean; message?: string }>();
}

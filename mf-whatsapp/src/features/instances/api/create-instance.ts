/**
 * POST /whatsapp/instances {instance_name, phone_number (digits)} → 201 with the instance already connecting (its QR
 * code in `qr_code`); 422 with field lists (nameTaken, phoneInvalid…).
 */
import { api } from '@rifaria/shared/api-client';
import type { WhatsAppInstanceInput } from '@rifaria/shared/schemas';
import type { ApiSuccess, WhatsAppInstance } from '@rifaria/shared/types';

export async function createInstance(input: WhatsAppInstanceInput): Promise<ApiSuccess<WhatsAppInstance>> {
  return api.post('/whatsapp/instances', { json: input, retry: 0 }).json<ApiSuccess<WhatsAppInstance>>();
}

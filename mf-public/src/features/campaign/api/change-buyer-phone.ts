/**
 * 'Trocar de telefone': POST /public/buyers/change-phone/code sends a WhatsApp code to the new phone (and the old
 * one); POST /public/buyers/change-phone moves the buyer with this CPF to `phone` with that code.
 */
import { api } from '@rifaria/shared/api-client';
import type { ChangePhoneCodeInput, ChangePhoneInput } from '@rifaria/shared/schemas';
import type { ApiSuccess, PublicBuyer } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

/** The reply's message is the same whether or not the CPF is registered. */
export async function requestChangePhoneCode(body: ChangePhoneCodeInput): Promise<{ message: string }> {
  return api.post('/public/buyers/change-phone/code', anonymous({ json: body })).json<{ message: string }>();
}

/** The reply is the buyer on the new phone. */
export async function changeBuyerPhone(body: ChangePhoneInput): Promise<ApiSuccess<PublicBuyer>> {
  return api.post('/public/buyers/change-phone', anonymous({ json: body })).json<ApiSuccess<PublicBuyer>>();
}

/** POST /public/buyers/change-phone ('Trocar de telefone'): moves the buyer with this CPF to `phone`. */
import { api } from '@rifaria/shared/api-client';
import type { ChangePhoneInput } from '@rifaria/shared/schemas';
import type { ApiSuccess, PublicBuyer } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

/** The reply is the buyer on the new phone. */
export async function changeBuyerPhone(body: ChangePhoneInput): Promise<ApiSuccess<PublicBuyer>> {
  return api.post('/public/buyers/change-phone', anonymous({ json: body })).json<ApiSuccess<PublicBuyer>>();
}

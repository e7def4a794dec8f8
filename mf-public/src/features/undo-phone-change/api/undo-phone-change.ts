/** POST /public/buyers/change-phone/undo {token}: moves the buyer back to the old phone (the link's token, 7 days). */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, PublicBuyer } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

export async function undoPhoneChange(token: string): Promise<ApiSuccess<PublicBuyer>> {
  return api.post('/public/buyers/change-phone/undo', anonymous({ json: { token } })).json<ApiSuccess<PublicBuyer>>();
}

/** POST /public/buyers: registers a new buyer; the reply is the buyer, masked. */
import { api } from '@rifaria/shared/api-client';
import type { ApiSuccess, PublicBuyer } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

export interface NewBuyer {
  name: string;
  phone: string;
  cpf: string;
  email: string | null;
}

export async function createBuyer(buyer: NewBuyer): Promise<PublicBuyer> {
  const reply = await api.post('/public/buyers', anonymous({ json: buyer })).json<ApiSuccess<PublicBuyer>>();
  return reply.data;
}

import type { PublicBuyer } from '@rifaria/shared/types';
import { maskBuyerEmail, maskBuyerPhone } from '../lib/masks';
import type { BuyerCpfCipher } from './cpf';

export interface BuyerRecord {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  cpf_hash: Buffer;
  cpf_encrypted: Buffer;
  cpf_key_id: number;
}

/** What a public reply may show of a buyer: the name and masks, never a full CPF, e-mail or phone. */
export function presentPublicBuyer(
  row: Pick<BuyerRecord, 'name' | 'phone' | 'email' | 'cpf_encrypted' | 'cpf_key_id'>,
  cipher: BuyerCpfCipher,
): PublicBuyer {
  return {
    name: row.name,
    cpf: cipher.masked(row.cpf_encrypted, row.cpf_key_id),
    email: maskBuyerEmail(row.email),
    phone: maskBuyerPhone(row.phone),
  };
}

export const BUYER_COLUMNS = ['id', 'name', 'phone', 'email', 'cpf_hash', 'cpf_encrypted', 'cpf_key_id'] as const;

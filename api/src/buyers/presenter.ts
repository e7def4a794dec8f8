import type { PublicBuyer } from '@rifaria/shared/types';
import { maskBuyerCpf, maskBuyerEmail, maskBuyerPhone } from '../lib/masks';
import type { BuyerCpfCipher } from './cpf';

export interface BuyerRecord {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  cpf_hash: Buffer;
  cpf_encrypted: Buffer;
  cpf_key_id: number;
  /** Bumped by a phone change or its undo: device tokens carrying an older epoch stop counting (device-token.ts). */
  token_epoch: number;
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

export const BUYER_COLUMNS = [
  'id',
  'name',
  'phone',
  'email',
  'cpf_hash',
  'cpf_encrypted',
  'cpf_key_id',
  'token_epoch',
] as const;

/**
 * A registration as typed, with the public masks: the reply to `POST /public/buyers` for a phone already registered
 * under another CPF is this, the same as for a new buyer, so the reply says nothing of whoever holds the phone.
 */
export function presentTypedBuyer(input: {
  name: string;
  phone: string;
  cpf: string;
  email: string | null;
}): PublicBuyer {
  return {
    name: input.name,
    cpf: maskBuyerCpf(input.cpf),
    email: maskBuyerEmail(input.email),
    phone: maskBuyerPhone(input.phone),
  };
}

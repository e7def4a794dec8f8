import type { AppConfig } from '../config';
import { BuyerCpfCipher, resolveBuyerDataSecret } from './cpf';

const ciphers = new WeakMap<AppConfig['buyerData'], BuyerCpfCipher>();

/**
 * The buyer CPF cipher of an app (keys from BUYER_DATA_SECRET, api/src/sales/buyer-cpf.ts), created on first use
 * and shared by every public route of that app. Lazy like the sales route's: an app that never touches a buyer
 * (most test apps) never creates the secret file.
 */
export function buyerCpfCipherOf(buyerData: AppConfig['buyerData']): BuyerCpfCipher {
  let cipher = ciphers.get(buyerData);
  if (!cipher) {
    cipher = new BuyerCpfCipher(resolveBuyerDataSecret(buyerData));
    ciphers.set(buyerData, cipher);
  }
  return cipher;
}

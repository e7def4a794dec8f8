import { maskCpfForDisplay } from '../sales/buyer-cpf';

/**
 * Masks of a buyer's personal data in public replies (GET /public/buyers/check/{phone}, purchases, "Meus números").
 * Whoever types a phone number sees only enough to recognise their own data: never a full CPF, e-mail or phone.
 */

/** '12345678909' → '***.456.789-**' (the middle six digits, as the organiser's sales page shows). */
export const maskBuyerCpf = maskCpfForDisplay;

/** 'ana.lima@gmail.com' → 'a***@gmail.com': the first character of the local part and the domain. */
export function maskBuyerEmail(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** '11987654321' → '(11) *****-4321'; '1134567890' → '(11) ****-7890': the DDD and the last four digits. */
export function maskBuyerPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length !== 10 && digits.length !== 11) return '(**) *****-****';
  return `(${digits.slice(0, 2)}) ${'*'.repeat(digits.length - 6)}-${digits.slice(-4)}`;
}

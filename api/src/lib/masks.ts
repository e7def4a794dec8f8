/**
 * Masks of a buyer's personal data in public replies (GET /public/buyers/check/{phone}, purchases, "Meus números").
 * Whoever types a phone number sees only enough to recognise their own data: never a full CPF, e-mail or phone.
 */

/**
 * '12345678909' → '***.***.***-09': the two check digits only. The CPF is the buyer's proof ("Meus números", moving
 * to a new phone), and anyone can look a phone up: the six middle digits the organiser's sales page shows would,
 * with the check-digit rule, leave ~1,000 candidates to try; the check digits alone leave ~10 million.
 */
export function maskBuyerCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  if (digits.length !== 11) return '***.***.***-**';
  return `***.***.***-${digits.slice(9)}`;
}

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

/**
 * 'Maria da Silva Santos' → 'Maria S.': the first name and the initial of the last, as a draw's result shows a
 * winner publicly (enough for the buyer to recognise themself, not to find them).
 */
export function maskBuyerName(name: string): string {
  const words = name.trim().slice(0, 200).split(/\s+/).filter(Boolean);
  if (words.length === 0) return '***';
  const first = words[0]!;
  if (words.length === 1) return first;
  const last = words[words.length - 1]!;
  return `${first} ${last[0]!.toLocaleUpperCase('pt-BR')}.`;
}

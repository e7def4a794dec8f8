/**
 * THE masks of a buyer's personal data, the only way any reply, page, export, e-mail or WhatsApp text shows them
 * (public buyer replies, purchases, "Meus números", the organiser's sales table and CSV, draw results). Whoever sees
 * them learns only enough to recognise their own data: never a full CPF, and never two different parts of one CPF
 * in two places (issue 29: the sales table's middle six digits plus the public check digits left ~8 candidates).
 */

/** A CPF nobody may see any digit of (unpaid sales rows, undecryptable values). */
export const MASKED_CPF = '***.***.***-**';

/**
 * '12345678909' → '***.***.***-09': the two check digits only, everywhere. They follow from the nine others, so they
 * tell nothing that narrows a guess of the CPF (~10^9 candidates remain) while letting a buyer recognise their own.
 */
export function maskBuyerCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  if (digits.length !== 11) return MASKED_CPF;
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

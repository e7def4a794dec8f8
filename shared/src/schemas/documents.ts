/** Brazilian document and contact rules (CPF check digits, phone DDDs, CEP). */

export const onlyDigits = (value: string): string => value.replace(/\D+/g, '');

/**
 * The longest CPF, CNPJ, phone or CEP taken as typed, mask and spaces included ('+55 (11) 98765-4321' has 19):
 * the schemas check it before onlyDigits, so no pattern walks a megabyte of hostile input.
 */
export const DOCUMENT_INPUT_MAX_LENGTH = 40;

/** CPF check digits (Receita Federal rule); rejects the ten all-equal numbers. */
export function isValidCpf(input: string): boolean {
  const cpf = onlyDigits(input);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const digit = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

/** The 67 area codes (DDD) in use in Brazil (Anatel). */
export const VALID_DDDS: ReadonlySet<string> = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '21',
  '22',
  '24',
  '27',
  '28',
  '31',
  '32',
  '33',
  '34',
  '35',
  '37',
  '38',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '53',
  '54',
  '55',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '67',
  '68',
  '69',
  '71',
  '73',
  '74',
  '75',
  '77',
  '79',
  '81',
  '82',
  '83',
  '84',
  '85',
  '86',
  '87',
  '88',
  '89',
  '91',
  '92',
  '93',
  '94',
  '95',
  '96',
  '97',
  '98',
  '99',
]);

/** DDD + 8 digits (landline) or DDD + 9 + 8 digits (mobile), with an existing DDD. */
export function isValidPhone(input: string): boolean {
  const phone = onlyDigits(input);
  if (phone.length !== 10 && phone.length !== 11) return false;
  if (!VALID_DDDS.has(phone.slice(0, 2))) return false;
  return phone.length === 10 || phone[2] === '9';
}

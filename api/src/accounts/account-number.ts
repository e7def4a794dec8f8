import { randomInt } from 'node:crypto';

/**
 * Account numbers: 7 random digits plus a modulo-11 check digit (weights 2..8 from the right, the scheme
 * Brazilian banks use for agency/account digits), so a mistyped digit is caught before any lookup.
 * Random rather than sequential: the number says nothing about how many accounts exist.
 */

const BODY_LENGTH = 7;

export function mod11CheckDigit(body: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = body.length - 1; index >= 0; index -= 1) {
    sum += Number(body[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  return digit >= 10 ? 0 : digit;
}

export function generateAccountNumber(): string {
  const body = String(randomInt(0, 10 ** BODY_LENGTH)).padStart(BODY_LENGTH, '0');
  return `${body}${mod11CheckDigit(body)}`;
}

export function isValidAccountNumber(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  return mod11CheckDigit(value.slice(0, BODY_LENGTH)) === Number(value[BODY_LENGTH]);
}

/**
 * Pix BR Code ("copia e cola"): the EMV QRCPS-MPM payload the QR image encodes.
 * Layout and vectors: design/integrations.md section 1 (BACEN "Manual de Padrões para Iniciação do Pix").
 *
 * Every field is ID (2 digits) + length (2 decimal digits, in characters) + value. The CRC (ID 63) is
 * CRC-16/CCITT-FALSE over the whole string including its own "6304" prefix.
 */

const GUI = 'br.gov.bcb.pix';

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, xorout 0. "123456789" → 0x29B1. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  // BR Codes are ASCII after normalisation; UTF-8 bytes keep the function total for any input anyway.
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The 4 uppercase hex digits of field 63. */
export const crcHex = (text: string): string => crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0');

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * Names and cities: banking apps show them as is and many reject non-ASCII, so accents are stripped,
 * letters uppercased and anything outside printable ASCII dropped before truncation.
 */
export function normalizeMerchantText(text: string, maxLength: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}

interface BrCodeCommon {
  merchantName: string;
  merchantCity: string;
  /** ID 01 = "12": the code may be paid only once. */
  singleUse?: boolean;
}

export interface StaticBrCodeInput extends BrCodeCommon {
  kind: 'static';
  pixKey: string;
  /** Centavos; omitted from the code when 0/undefined (the payer types the amount). */
  amountCents?: number;
  /** 26-02, free text shown to the payer. */
  description?: string;
  /** 62-05: alphanumeric 1-25, or '***' (default) when unused. */
  txid?: string;
}

export interface DynamicBrCodeInput extends BrCodeCommon {
  kind: 'dynamic';
  /** 26-25: the PSP's payload URL without "https://" (the amount lives in that payload, not in the code). */
  location: string;
}

export type BrCodeInput = StaticBrCodeInput | DynamicBrCodeInput;

/** "37.00" from 3700: integer arithmetic only, no float rounding. */
export function centsToDecimalString(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Invalid amount in centavos: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** 11000 from "110.00" (also "110", "110.5"); null when not a plain non-negative decimal. Parsed as text. */
export function decimalStringToCents(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

export function buildBrCode(input: BrCodeInput): string {
  const merchantName = normalizeMerchantText(input.merchantName, 25);
  const merchantCity = normalizeMerchantText(input.merchantCity, 15);
  if (!merchantName) throw new RangeError('BR Code merchant name is empty');
  if (!merchantCity) throw new RangeError('BR Code merchant city is empty');

  let account = field('00', GUI);
  let txid = '***';
  let amount = '';
  if (input.kind === 'static') {
    if (!input.pixKey) throw new RangeError('BR Code Pix key is empty');
    account += field('01', input.pixKey);
    if (input.description) account += field('02', input.description);
    if (input.txid !== undefined) {
      if (!/^([a-zA-Z0-9]{1,25}|\*\*\*)$/.test(input.txid)) {
        throw new RangeError('Static BR Code txid must be 1-25 alphanumerics or ***');
      }
      txid = input.txid;
    }
    if (input.amountCents) amount = field('54', centsToDecimalString(input.amountCents));
  } else {
    const location = input.location.replace(/^https?:\/\//i, '');
    if (!location) throw new RangeError('Dynamic BR Code location is empty');
    account += field('25', location);
  }

  const payload =
    field('00', '01') +
    (input.singleUse ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', merchantName) +
    field('60', merchantCity) +
    field('62', field('05', txid)) +
    '6304';
  return payload + crcHex(payload);
}

// Parser ----------------------------------------------------------------------------------------------------------

export interface ParsedBrCode {
  kind: 'static' | 'dynamic';
  singleUse: boolean;
  pixKey: string | null;
  description: string | null;
  location: string | null;
  /** Null when field 54 is absent. */
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  txid: string | null;
  crc: string;
}

export class BrCodeError extends Error {
  override name = 'BrCodeError';
}

/** Splits a TLV string into [id, value] pairs, in order; throws on a truncated or malformed field. */
function readFields(text: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  let index = 0;
  while (index < text.length) {
    const header = text.slice(index, index + 4);
    if (!/^\d{4}$/.test(header)) throw new BrCodeError(`Malformed field header at position ${index}`);
    const length = Number(header.slice(2));
    const value = text.slice(index + 4, index + 4 + length);
    if (value.length !== length) throw new BrCodeError(`Field ${header.slice(0, 2)} is truncated`);
    fields.push([header.slice(0, 2), value]);
    index += 4 + length;
  }
  return fields;
}

/** Parses and validates a Pix BR Code (CRC, mandatory fields, GUI). Throws BrCodeError when invalid. */
export function parseBrCode(code: string): ParsedBrCode {
  const text = code.trim();
  if (!/^[\x20-\x7e]+$/.test(text)) throw new BrCodeError('BR Code must be printable ASCII');
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== '6304') throw new BrCodeError('BR Code must end with field 63');
  const expectedCrc = crcHex(text.slice(0, crcAt + 4));
  const crc = text.slice(crcAt + 4).toUpperCase();
  if (crc !== expectedCrc) throw new BrCodeError(`Invalid CRC (expected ${expectedCrc}, got ${crc})`);

  const fields = new Map<string, string>();
  for (const [id, value] of readFields(text.slice(0, crcAt))) {
    if (fields.has(id)) throw new BrCodeError(`Field ${id} appears twice`);
    fields.set(id, value);
  }
  const required = (id: string): string => {
    const value = fields.get(id);
    if (value === undefined) throw new BrCodeError(`Missing field ${id}`);
    return value;
  };
  if (required('00') !== '01') throw new BrCodeError('Field 00 must be 01');
  if (required('53') !== '986') throw new BrCodeError('Currency (53) must be 986 (BRL)');
  if (required('58') !== 'BR') throw new BrCodeError('Country (58) must be BR');
  required('52');

  const account = new Map(readFields(required('26')));
  if (account.get('00')?.toLowerCase() !== GUI) throw new BrCodeError('Field 26 is not a Pix account (GUI)');
  const pixKey = account.get('01') ?? null;
  const location = account.get('25') ?? null;
  if (!pixKey && !location) throw new BrCodeError('Field 26 has neither a Pix key (01) nor a location (25)');

  let amountCents: number | null = null;
  const amount = fields.get('54');
  if (amount !== undefined) {
    amountCents = decimalStringToCents(amount);
    if (amountCents === null) throw new BrCodeError('Amount (54) is not a decimal number');
  }
  const additional = fields.get('62');
  const txid = additional ? (new Map(readFields(additional)).get('05') ?? null) : null;

  return {
    kind: location ? 'dynamic' : 'static',
    singleUse: fields.get('01') === '12',
    pixKey,
    description: account.get('02') ?? null,
    location,
    amountCents,
    merchantName: required('59'),
    merchantCity: required('60'),
    txid,
    crc,
  };
}

/**
 * pt-BR formatting and input masks. Money is integer centavos everywhere in the code; dates are shown in
 * America/Sao_Paulo whatever the machine's zone. Plain functions: the API imports this file too.
 */
import { LOCALE, CURRENCY, TIME_ZONE, PHONE_MASK_MAX_LENGTH, TICKET_QUANTITY_MAX } from './constants';
import { onlyDigits } from './schemas/documents';

export { onlyDigits };

// Numbers --------------------------------------------------------------------------------------------------------
// Written by hand, not with Intl: a browser's first Intl call loads ICU's data, 50–100 ms on one task before a phone
// can draw the buyer page (issue 15), and the same digits come out on the server and in every browser. Exact on
// integer centavos; anything else (fractions of a centavo, NaN, beyond 2^53) goes to Intl, created on first use.

/** Creates the value on first use (Intl objects are costly to make, and most pages never need them). */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const brl = lazy(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY }));
const decimal2 = lazy(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const integer = lazy(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));

/** '1234567' → '1.234.567' (digits only). */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let index = head; index < digits.length; index += 3) out += `.${digits.slice(index, index + 3)}`;
  return out;
}

/** A safe integer of centavos → '-1.234,56' (no currency sign), or null for anything else. */
function centsText(cents: number): string | null {
  if (!Number.isSafeInteger(cents)) return null;
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${groupThousands(String(Math.floor(whole / 100)))},${String(whole % 100).padStart(2, '0')}`;
}

/** 123456 → 'R$ 1.234,56' (with a NO-BREAK SPACE U+00A0 after 'R$', as Intl writes it); -500 → '-R$ 5,00'. */
export function formatBRL(cents: number | bigint | string): string {
  const value = Number(cents);
  const text = centsText(value);
  if (text === null) return brl().format(value / 100);
  return text.startsWith('-') ? `-R$\u00a0${text.slice(1)}` : `R$\u00a0${text}`;
}

/** 123456 → '1.234,56' (no currency sign; for inputs). */
export function formatCentsAsDecimal(cents: number | bigint | string): string {
  const value = Number(cents);
  return centsText(value) ?? decimal2().format(value / 100);
}

/** 1234567 → '1.234.567'. */
export function formatInteger(value: number | bigint | string): string {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) return integer().format(number);
  return `${number < 0 ? '-' : ''}${groupThousands(String(Math.abs(number)))}`;
}

/**
 * 45.35 → '45,4%', 100 → '100%', 0 → '0%': at most one decimal, rounded half away from zero on the number's shortest
 * decimal writing (String(45.35) is '45.35'), as Intl does.
 */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e14) return `${formatInteger(value)}%`;
  // Below 10^-6 String() switches to an exponent; such a value is 0 at one decimal anyway.
  const [whole = '0', fraction = ''] = (Math.abs(value) < 1e-6 ? '0' : String(Math.abs(value))).split('.');
  const tenths = Number(whole) * 10 + Number(fraction[0] ?? '0') + (Number(fraction[1] ?? '0') >= 5 ? 1 : 0);
  const sign = value < 0 && tenths > 0 ? '-' : '';
  const rest = tenths % 10;
  return `${sign}${groupThousands(String(Math.floor(tenths / 10)))}${rest === 0 ? '' : `,${rest}`}%`;
}

/** Longer than any amount a person types ('R$ 100.000.000.000,00' has 21): refused before any pattern runs. */
export const AMOUNT_INPUT_MAX_LENGTH = 64;

/**
 * '1.234,56' | '1234,5' | '10' | 'R$ 5,00' → centavos; null when it is not a pt-BR amount with at most 2 decimals.
 * A dot is read as a thousands separator only when followed by groups of three digits.
 */
export function parseBRLToCents(input: string): number | null {
  if (input.length > AMOUNT_INPUT_MAX_LENGTH) return null;
  const text = input.replace(/R\$/g, '').replace(/[\s\u00a0]/g, '');
  if (!text) return null;
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number((match[1] ?? '0').replace(/\./g, ''));
  const fraction = Number(((match[2] ?? '') + '00').slice(0, 2));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Currency input mask: digits typed are centavos. '500' → '5,00', '123456' → '1.234,56', '' → ''. */
export function maskMoney(input: string): string {
  const digits = onlyDigits(input)
    .replace(/^0+(?=\d)/, '')
    .slice(0, 15);
  if (!digits) return '';
  return formatCentsAsDecimal(Number(digits));
}

// Dates ----------------------------------------------------------------------------------------------------------

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)) {
    // 'YYYY-MM-DD HH:MM:SS' without an offset is a São Paulo wall-clock time (the API's draw_datetime format).
    return fromSaoPauloWallClock(value.replace(' ', 'T'));
  }
  return new Date(value);
}

/** The API's draw_datetime: 'YYYY-MM-DD HH:MM[:SS]', a São Paulo wall-clock time. */
const DRAW_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** 'YYYY-MM-DD HH:MM[:SS]' in São Paulo → the instant; null when it is not a real date and time. */
export function parseDrawDatetime(value: string): Date | null {
  const text = value.trim();
  if (text.length > 'YYYY-MM-DD HH:MM:SS'.length || !DRAW_DATETIME_PATTERN.test(text)) return null;
  const date = fromSaoPauloWallClock(text.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

// Created on first use, like the number formatters above: a page that shows no date never loads ICU's data.
const dateFormat = lazy(
  () => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }),
);
const timeFormat = lazy(
  () => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);
const partsFormat = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

/** '21/11/2025' in São Paulo. */
export function formatDate(value: DateInput): string {
  return dateFormat().format(toDate(value));
}

/** '14:30' in São Paulo. */
export function formatTime(value: DateInput): string {
  return timeFormat().format(toDate(value));
}

/** '21/11/2025 às 14:30' in São Paulo. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return `${formatDate(date)} às ${formatTime(date)}`;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

/** The São Paulo calendar date and clock time of an instant. */
export function saoPauloWallClock(value: DateInput): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat().formatToParts(toDate(value))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, hour, minute, second, weekday };
}

/** 'YYYY-MM-DDTHH:MM[:SS]' read as São Paulo wall-clock time → the instant. */
export function fromSaoPauloWallClock(isoLocal: string): Date {
  const [datePart = '', timePart = '00:00:00'] = isoLocal.split('T');
  const [y = 0, m = 1, d = 1] = datePart.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = timePart.split(':').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, hh, mm, ss);
  // Offset of São Paulo at that moment (−03:00 since 2019; computed so history and any future DST stay right).
  const clock = saoPauloWallClock(new Date(asUtc));
  const offset = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - asUtc;
  return new Date(asUtc - offset);
}

/** 'YYYY-MM-DD' of an instant in São Paulo (for <input type="date"> values and API dates). */
export function toSaoPauloISODate(value: DateInput): string {
  const { year, month, day } = saoPauloWallClock(value);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'DD/MM/AAAA' → 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function parseBRDate(input: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(input.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${yyyy}-${mm}-${dd}`;
}

// Masks ----------------------------------------------------------------------------------------------------------

/** Applies a pattern where '0' takes the next digit; stops where the digits run out. */
function applyPattern(digits: string, pattern: string): string {
  let out = '';
  let index = 0;
  for (const char of pattern) {
    if (index >= digits.length) break;
    if (char === '0') out += digits[index++];
    else out += char;
  }
  return out;
}

/** '12345678901' → '123.456.789-01' (partial input stays partial). */
export function maskCpf(input: string): string {
  return applyPattern(onlyDigits(input).slice(0, 11), '000.000.000-00');
}

/** '11987654321' → '(11) 98765-4321'; 10 digits → '(11) 3456-7890'. At most 15 characters. */
export function maskPhone(input: string): string {
  const digits = onlyDigits(input).slice(0, 11);
  const pattern = digits.length > 10 ? '(00) 00000-0000' : '(00) 0000-0000';
  return applyPattern(digits, pattern).slice(0, PHONE_MASK_MAX_LENGTH);
}

/** '01310100' → '01310-100'. */
export function maskCep(input: string): string {
  return applyPattern(onlyDigits(input).slice(0, 8), '00000-000');
}

/** '25121990' → '25/12/1990' (DD/MM/AAAA). */
export function maskDate(input: string): string {
  return applyPattern(onlyDigits(input).slice(0, 8), '00/00/0000');
}

/** '2030' → '20:30' (HH:MM, 24 h). */
export function maskTime(input: string): string {
  return applyPattern(onlyDigits(input).slice(0, 4), '00:00');
}

/** 'HH:MM' on a 24-hour clock → the same text; null when it is not a time of day ('24:00', '9:30', '20:5'). */
export function parseTime(input: string): string | null {
  const text = input.trim();
  if (text.length !== 5) return null;
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 ? text : null;
}

/** 'YYYY-MM-DD' → 'DD/MM/AAAA' (what the date inputs show); '' for anything else. */
export function isoDateToBR(iso: string): string {
  if (iso.length !== 10) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** A wallet's account number as every screen shows it: only the last 4 digits ('12345678' → '•••• 5678'). */
export function maskAccountNumber(accountNumber: string | null | undefined): string {
  const last4 = onlyDigits(accountNumber ?? '').slice(-4);
  return last4 ? `•••• ${last4}` : '••••';
}

/** Ticket numbers are 0..N-1, zero-padded to the width of N-1: (7, 1000) → '007'. */
export function formatTicketNumber(number: number, totalTickets: number): string {
  const width = String(Math.max(0, totalTickets - 1)).length;
  return String(number).padStart(width, '0');
}

/** Digits a ticket-number search may have: 10,000,000 tickets are 0..9,999,999, so 7 digits and one extra zero. */
export const TICKET_NUMBER_SEARCH_MAX_DIGITS = String(TICKET_QUANTITY_MAX).length;

/**
 * A search text that is a ticket number, with or without the zero padding ('42', '0042', ' 0042 ') → 42; anything
 * else (letters, a phone's punctuation, more than TICKET_NUMBER_SEARCH_MAX_DIGITS digits) → null.
 */
export function parseTicketNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > TICKET_NUMBER_SEARCH_MAX_DIGITS) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

// Text -----------------------------------------------------------------------------------------------------------

let graphemeSegmenter: Intl.Segmenter | null | undefined;

/**
 * The text's characters as a person sees them (grapheme clusters), lazily. Browsers without Intl.Segmenter (Firefox
 * before 125) get code points (Array.from's split), which agrees for everything but emoji sequences and combining
 * accents, and never cuts a surrogate pair.
 */
function* graphemes(text: string): Generator<string> {
  if (graphemeSegmenter === undefined) {
    graphemeSegmenter =
      typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(LOCALE, { granularity: 'grapheme' }) : null;
  }
  if (graphemeSegmenter) {
    for (const { segment } of graphemeSegmenter.segment(text)) yield segment;
  } else {
    yield* text;
  }
}

/**
 * Characters as a person counts them: '🎉' is 1 (2 UTF-16 units), 'é' typed as e + accent is 1, a family emoji
 * '👨‍👩‍👧' is 1 (8 units). Linear; bound the input's length before calling.
 */
export function graphemeCount(text: string): number {
  let count = 0;
  for (const _grapheme of graphemes(text)) count += 1;
  return count;
}

// Names ----------------------------------------------------------------------------------------------------------

/** 'Ana Paula Souza' → 'Ana'; '' → ''. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

const STARTS_WITH_LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;

/** A word's first letter or digit, whole ('É' typed as E + accent stays one): '<b>' → 'b', '😀' → ''. */
function wordInitial(word: string): string {
  for (const grapheme of graphemes(word)) {
    if (STARTS_WITH_LETTER_OR_DIGIT.test(grapheme)) return grapheme;
  }
  return '';
}

/**
 * 'Ana Paula Souza' → 'AS'; 'ana' → 'A'; 'Maria Teste 😀' → 'MT'; '' or '😀' → '' (the caller shows an icon).
 * First and last word that hold a letter or digit, upper case; emoji, symbols and punctuation are never initials.
 */
export function initials(name: string | null | undefined): string {
  const letters = (name ?? '').trim().split(/\s+/).map(wordInitial).filter(Boolean);
  if (letters.length === 0) return '';
  const first = letters[0] ?? '';
  const last = letters.length > 1 ? (letters[letters.length - 1] ?? '') : '';
  return (first + last).toLocaleUpperCase(LOCALE);
}

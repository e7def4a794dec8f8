import * as v from 'valibot';
import { DOCUMENT_INPUT_MAX_LENGTH, onlyDigits } from './documents';

/**
 * An optional field typed with any punctuation ('(21) 98877-6655', '123.456.789-09'): bounded before anything else,
 * kept as its digits ('' when left empty), then checked. One message for every way it can be wrong.
 */
export const digitsField = (message: string, check: (digits: string) => boolean) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, message),
    v.transform(onlyDigits),
    v.check(check, message),
  );

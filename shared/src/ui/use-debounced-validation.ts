import { useCallback, useEffect, useRef, useState } from 'react';
import type * as v from 'valibot';
import { VALIDATION_DELAY_MS } from '../constants';
import { firstErrors, validate, type ValidationResult } from '../schemas/validate';

export interface DebouncedValidation<TSchema extends v.GenericSchema> {
  /** First message per field, only for fields the user has touched (or all after validateAll). */
  errors: Record<string, string>;
  /** True while any visible error exists: submit buttons use it for `disabled`. */
  hasErrors: boolean;
  /** Marks a field as touched (call on change/blur); its error appears at the next re-check. */
  touch: (field: string) => void;
  /** Validates everything now, shows every error, and returns the result (use on submit). */
  validateAll: () => ValidationResult<v.InferOutput<TSchema>>;
  /** Hides every error and forgets touched fields (e.g. after a reset). */
  reset: () => void;
}

/**
 * Spec section 5: field errors are re-checked 300 ms after the user stops typing.
 * Errors show only for fields already touched, so an untouched form is quiet until submit.
 */
export function useDebouncedValidation<TSchema extends v.GenericSchema>(
  schema: TSchema,
  values: Record<string, unknown>,
  delay: number = VALIDATION_DELAY_MS,
): DebouncedValidation<TSchema> {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const touched = useRef(new Set<string>());
  const [touchVersion, setTouchVersion] = useState(0);
  const latest = useRef(values);
  latest.current = values;

  const recheck = useCallback(() => {
    const all = firstErrors(validate(schema, latest.current).errors);
    const visible: Record<string, string> = {};
    for (const [field, message] of Object.entries(all)) if (touched.current.has(field)) visible[field] = message;
    setErrors((previous) => (sameErrors(previous, visible) ? previous : visible));
  }, [schema]);

  // Re-check after the user has been idle for `delay` (values is a new object on every keystroke).
  const serialized = JSON.stringify(values);
  useEffect(() => {
    if (touched.current.size === 0) return undefined;
    const timer = setTimeout(recheck, delay);
    return () => clearTimeout(timer);
  }, [serialized, touchVersion, recheck, delay]);

  const touch = useCallback((field: string) => {
    if (touched.current.has(field)) return;
    touched.current.add(field);
    setTouchVersion((n) => n + 1);
  }, []);

  const validateAll = useCallback(() => {
    const result = validate(schema, latest.current);
    for (const field of Object.keys(latest.current)) touched.current.add(field);
    const visible = firstErrors(result.errors);
    setErrors(visible);
    return result;
  }, [schema]);

  const reset = useCallback(() => {
    touched.current.clear();
    setErrors({});
  }, []);

  return { errors, hasErrors: Object.keys(errors).length > 0, touch, validateAll, reset };
}

function sameErrors(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

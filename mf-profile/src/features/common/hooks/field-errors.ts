/** The field errors of the profile's and the settings' forms: first message per field, cleared as it is edited. */
import { apiFieldErrors } from '@rifaria/shared/api-client';

export type FormErrors = Record<string, string>;

/** A copy of `errors` without `field` (the same object when it had none, so nothing re-renders). */
export function withoutError(errors: FormErrors, field: string): FormErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** A 422's field errors, limited to the fields the form shows (a message for another field would be lost under none). */
export function serverErrors(error: unknown, fields: readonly string[]): FormErrors {
  const all = apiFieldErrors(error);
  const shown: FormErrors = {};
  for (const field of fields) if (all[field]) shown[field] = all[field];
  return shown;
}

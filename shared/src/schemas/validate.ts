import * as v from 'valibot';

/** Field name → list of pt-BR messages, the shape of `errors` in every 422 reply and in every form. */
export type FieldErrors = Record<string, string[]>;

export type ValidationResult<T> =
  | { success: true; output: T; errors: FieldErrors }
  | { success: false; output: undefined; errors: FieldErrors };

/**
 * Runs a valibot schema and groups its issues by top-level field (dotted path for nested ones).
 * The same function feeds the forms (first message per field) and the API (422 `errors`).
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): ValidationResult<v.InferOutput<TSchema>> {
  // No abortPipeEarly: it would skip cross-field checks (password confirmation) whenever another field fails.
  // Only the first message per field is kept: later ones in the same pipe follow from it ('Nome é obrigatório'
  // would be followed by 'Nome deve ter pelo menos 2 caracteres') and would only confuse.
  const result = v.safeParse(schema, input);
  if (result.success) return { success: true, output: result.output, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || '_';
    errors[key] ??= [issue.message];
  }
  return { success: false, output: undefined, errors };
}

/** First message per field, for showing one error under each input. */
export function firstErrors(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) if (messages[0]) out[field] = messages[0];
  return out;
}

import * as v from 'valibot';

/**
 * The largest value each PostgreSQL integer type holds, for ids and counts sent by a client: a value past its column
 * would reach the database and fail there (a 500) instead of getting the field's message. bigint stops at what a
 * JavaScript number holds exactly, far below the column's own end.
 */
export const COLUMN_MAX = { smallint: 32_767, integer: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER } as const;
export type IntegerColumn = keyof typeof COLUMN_MAX;

/** A positive id, as a number or a string of digits (a select's value), within its column's range; `message` otherwise. */
export const idField = (message: string, column: IntegerColumn) =>
  v.pipe(
    v.optional(v.union([v.number(), v.string()], message), ''),
    // 16 digits hold every bigint id a number can carry; the length is bounded before the pattern runs.
    v.transform((value) =>
      typeof value === 'number' ? value : /^\d{1,16}$/.test(value.trim()) ? Number(value) : Number.NaN,
    ),
    v.check((id) => Number.isInteger(id) && id > 0 && id <= COLUMN_MAX[column], message),
  );

/** Field name → list of pt-BR messages, the shape of `errors` in every 422 reply and in every form. */
export type FieldErrors = Record<string, string[]>;

export type ValidationResult<T> =
  { success: true; output: T; errors: FieldErrors } | { success: false; output: undefined; errors: FieldErrors };

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

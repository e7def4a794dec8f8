/**
 * A small form: its values, first errors and request. `bind(name)` is what a TextField needs for that field;
 * `submit(send)` validates with `schema` (messages under the fields), then sends the schema's output. A refusal puts
 * the server's field errors under the fields and its message (or `failed`) in `action.error`.
 */
import { useState } from 'react';
import type { GenericSchema, InferOutput } from 'valibot';
import { apiErrorMessage, apiFieldErrors } from '@rifaria/shared/api-client';
import { firstErrors, validate } from '@rifaria/shared/schemas';
import { useAction } from '@rifaria/shared/ui';

export function useForm<T extends Record<string, string>, S extends GenericSchema>(
  initial: T,
  schema: S,
  failed: string,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAction();
  const bind = (name: keyof T & string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  const submit = (send: (input: InferOutput<S>) => Promise<unknown>) => {
    const checked = validate(schema, values);
    setErrors(firstErrors(checked.errors));
    if (!checked.success) return;
    void action.run(
      () => send(checked.output),
      (error) => {
        setErrors(apiFieldErrors(error));
        return apiErrorMessage(error, failed);
      },
    );
  };
  return { values, bind, submit, action };
}

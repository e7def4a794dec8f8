/**
 * A small form's values and first errors: `bind(name)` is what a TextField needs for that field, `check(schema)`
 * validates the values (their messages under the fields) and gives the schema's output, or null.
 */
import { useState } from 'react';
import type { GenericSchema, InferOutput } from 'valibot';
import { firstErrors, validate } from '@rifaria/shared/schemas';

export function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bind = (name: keyof T & string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  const check = <S extends GenericSchema>(schema: S): InferOutput<S> | null => {
    const checked = validate(schema, values);
    setErrors(firstErrors(checked.errors));
    return checked.success ? checked.output : null;
  };
  return { values, errors, setErrors, bind, check };
}

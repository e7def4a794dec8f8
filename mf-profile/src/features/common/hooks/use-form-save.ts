/** The save of the profile's and the settings' forms: their field errors, the "could not save" alert and the busy button. */
import { useCallback, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import type * as v from 'valibot';
import { firstErrors, validate } from '@rifaria/shared/schemas';
import { serverErrors, withoutError, type FormErrors } from './field-errors';

export interface FormSave {
  errors: FormErrors;
  setErrors: Dispatch<SetStateAction<FormErrors>>;
  /** The last save failed: the form shows its alert. */
  failed: boolean;
  saving: boolean;
  /** A field edited: its error goes. */
  clearError: (field: string) => void;
  /**
   * Runs `send` (the request, then what the form does with the reply); its field errors are cleared once it
   * succeeds. A failure puts the server's reasons under `fields` and turns `failed` on.
   */
  save: (send: () => Promise<void>) => Promise<void>;
  /**
   * A form's onSubmit: `input` is checked with `schema` first (its messages under the fields, nothing sent), then
   * `save` runs `send` with the schema's output.
   */
  submitChecked: <TSchema extends v.GenericSchema>(
    schema: TSchema,
    input: unknown,
    send: (output: v.InferOutput<TSchema>) => Promise<void>,
  ) => (event: FormEvent) => void;
}

export function useFormSave(fields: readonly string[]): FormSave {
  const [errors, setErrors] = useState<FormErrors>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const clearError = useCallback((field: string) => setErrors((current) => withoutError(current, field)), []);

  const save = async (send: () => Promise<void>) => {
    setSaving(true);
    setFailed(false);
    try {
      await send();
      setErrors({});
    } catch (error) {
      setErrors(serverErrors(error, fields));
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const submitChecked: FormSave['submitChecked'] = (schema, input, send) => (event) => {
    event.preventDefault();
    const result = validate(schema, input);
    if (result.success) void save(() => send(result.output));
    else setErrors(firstErrors(result.errors));
  };

  return { errors, setErrors, failed, saving, clearError, save, submitChecked };
}

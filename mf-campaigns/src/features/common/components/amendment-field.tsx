import { useState } from 'react';
import { TextField } from '@mui/material';
import {
  AMENDMENT_MESSAGES,
  AMENDMENT_NOTE_MAX,
  firstErrors,
  updateCampaignSchema,
  validate,
} from '@rifaria/shared/schemas';

/**
 * What changed, for the buyers: required to change the rules or move the draw once numbers were reserved (issue 30).
 * Published as 'Alteração do regulamento em dd/mm: …' and sent to the paid buyers.
 */
export function AmendmentField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label={AMENDMENT_MESSAGES.noteLabel}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? AMENDMENT_MESSAGES.noteHint}
      multiline
      minRows={2}
      required
      slotProps={{ htmlInput: { maxLength: AMENDMENT_NOTE_MAX } }}
    />
  );
}

/** The note's state for a form that may need it: its value, its error, and the field bound to both. */
export function useAmendmentNote() {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = (
    <AmendmentField
      value={note}
      onChange={(value) => {
        setNote(value);
        setError(undefined);
      }}
      error={error}
    />
  );
  const reset = () => {
    setNote('');
    setError(undefined);
  };
  /** The note as the server takes it (the campaign schema's rule), or null with its error under the field. */
  const check = (): string | null => {
    const result = validate(updateCampaignSchema, { amendment: note });
    if (result.success) return result.output.amendment ?? null;
    setError(firstErrors(result.errors).amendment);
    return null;
  };
  return { note, setError, reset, field, check };
}

/**
 * Edit tab 'Regras': the rules text with the wizard's markers (**negrito**, *itálico*, __sublinhado__), which the
 * public page renders. The toolbar wraps the selection in a marker.
 */
import { useRef, useState } from 'react';
import { Button, ButtonGroup, Stack, TextField } from '@mui/material';
import { firstErrors, updateCampaignSchema, validate } from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { updateCampaign } from '../../common/api/update-campaign';
import { useAmendmentNote } from '../../common/components/amendment-field';
import { serverFieldErrors, toastSaveFailed, toastSaved } from './save-toasts';

const MARKERS = [
  { label: 'Negrito', marker: '**', text: 'B', sx: { fontWeight: 700 } },
  { label: 'Itálico', marker: '*', text: 'I', sx: { fontStyle: 'italic' } },
  { label: 'Sublinhado', marker: '__', text: 'U', sx: { textDecoration: 'underline' } },
] as const;

/** Wraps text[start, end) in `marker`; returns the new text and the selection inside the markers. */
export function wrapSelection(text: string, start: number, end: number, marker: string) {
  const next = text.slice(0, start) + marker + text.slice(start, end) + marker + text.slice(end);
  return { text: next, start: start + marker.length, end: end + marker.length };
}

export interface RulesTabProps {
  campaign: Campaign;
  onSaved: (campaign: Campaign) => void;
}

export function RulesTab({ campaign, onSaved }: RulesTabProps) {
  const [rules, setRules] = useState(campaign.rules ?? '');
  const [error, setError] = useState<string | undefined>();
  // Numbers reserved: a change of the rules is an amendment, explained to the buyers (issue 30).
  const amendment = useAmendmentNote();
  const amending = campaign.has_reservations === true && rules !== (campaign.rules ?? '');
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);

  const applyMarker = (marker: string) => {
    const area = input.current;
    const start = area?.selectionStart ?? rules.length;
    const end = area?.selectionEnd ?? rules.length;
    const next = wrapSelection(rules, start, end, marker);
    setRules(next.text);
    setError(undefined);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.start, next.end);
    });
  };

  const save = async () => {
    const result = validate(updateCampaignSchema, { rules, ...(amending ? { amendment: amendment.note } : {}) });
    if (!result.success) {
      const errors = firstErrors(result.errors);
      setError(errors.rules);
      amendment.setError(errors.amendment);
      return;
    }
    setSaving(true);
    try {
      const saved = await updateCampaign(campaign.id, {
        rules: result.output.rules,
        ...(amending ? { amendment: result.output.amendment } : {}),
      });
      amendment.reset();
      onSaved(saved);
      toastSaved();
    } catch (failure) {
      const errors = serverFieldErrors(failure);
      setError(errors.rules);
      amendment.setError(errors.amendment);
      toastSaveFailed();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <ButtonGroup size="small" aria-label="Formatação">
        {MARKERS.map((item) => (
          <Button
            key={item.marker}
            aria-label={item.label}
            title={item.label}
            onClick={() => applyMarker(item.marker)}
            sx={item.sx}
          >
            {item.text}
          </Button>
        ))}
      </ButtonGroup>
      <TextField
        label="Regulamento da campanha"
        multiline
        minRows={10}
        value={rules}
        inputRef={input}
        onChange={(event) => {
          setRules(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? 'Use **negrito**, *itálico* e __sublinhado__.'}
      />
      {amending ? amendment.field : null}
      <Stack direction="row">
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar regulamento'}
        </Button>
      </Stack>
    </Stack>
  );
}

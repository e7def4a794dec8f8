/**
 * Draw-date modal (spec "Draw-date modal", section 5): a date (DD/MM/AAAA) and a time (HH:MM) in the future; the
 * default is the campaign's own date or the next Saturday at 20:00 (defaultDrawDatetime). Saves with
 * PUT /api/campaigns/{id} {draw_datetime: 'YYYY-MM-DD HH:MM:00'} (São Paulo wall clock, as the API stores it).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import {
  AUTH_MESSAGES,
  CAMPAIGN_MESSAGES,
  defaultDrawDatetime,
  drawDatetimeFromInputs,
  drawInputIssues,
  drawInputsFromDatetime,
  type DrawInputIssues,
} from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { FormDialog, toast, useAction } from '@rifaria/shared/ui';
import { updateCampaign } from '../../common/api/update-campaign';
import { useAmendmentNote } from '../../common/components/amendment-field';
import { DrawDateTimeFields, type DrawInputField } from '../../common/components/draw-date-time-fields';

export interface DrawDateModalProps {
  campaign: Pick<Campaign, 'id' | 'name' | 'draw_datetime' | 'has_reservations'>;
  open: boolean;
  onClose: () => void;
  /** Receives the campaign as the server replied it after the update. */
  onSaved: (campaign: Campaign) => void;
}

/** The inputs (DD/MM/AAAA, HH:MM) of the campaign's date, or of the default next Saturday 20:00. */
function initialValues(campaign: DrawDateModalProps['campaign']): Record<DrawInputField, string> {
  const { date, time } = drawInputsFromDatetime(campaign.draw_datetime ?? defaultDrawDatetime());
  return { draw_date: date, draw_time: time };
}

/** The message of a failed save (spec section 5 "Draw-date modal"). */
export function drawDateErrorMessage(error: unknown): string {
  const failure = readApiError(error);
  if (failure.status === 422) {
    return failure.errors?.draw_datetime?.[0] ?? failure.errors?.amendment?.[0] ?? CAMPAIGN_MESSAGES.drawDateInvalid;
  }
  if (failure.status === 401) return AUTH_MESSAGES.sessionExpired;
  if (failure.status === 404) return CAMPAIGN_MESSAGES.notFound;
  return failure.message ?? CAMPAIGN_MESSAGES.drawDateInvalid;
}

export function DrawDateModal({ campaign, open, onClose, onSaved }: DrawDateModalProps) {
  const [values, setValues] = useState(() => initialValues(campaign));
  const [fieldErrors, setFieldErrors] = useState<DrawInputIssues>({});
  const { busy: saving, error: serverError, setError: setServerError, run } = useAction();
  // Numbers reserved: the new date is an amendment, explained to the buyers (issue 30).
  const amending = campaign.has_reservations === true;
  const amendment = useAmendmentNote();

  // Each opening starts from the campaign's current date (or the default), not from an abandoned edit.
  useEffect(() => {
    if (!open) return;
    setValues(initialValues(campaign));
    setFieldErrors({});
    setServerError(null);
    amendment.reset();
    // campaign.id / draw_datetime rather than the object: a parent re-render must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, campaign.id, campaign.draw_datetime]);

  const change = (field: DrawInputField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setFieldErrors({});
    setServerError(null);
  };

  const save = async () => {
    const issues = drawInputIssues(values.draw_date, values.draw_time, true);
    const drawDatetime = drawDatetimeFromInputs(values.draw_date, values.draw_time);
    // The note is asked for (and checked) only when numbers are reserved; null: it is missing or too short.
    const note = amending ? amendment.check() : undefined;
    if (issues.draw_date || issues.draw_time || drawDatetime === null || note === null) {
      setFieldErrors(issues);
      return;
    }
    await run(async () => {
      const updated = await updateCampaign(campaign.id, {
        draw_datetime: drawDatetime,
        ...(note !== undefined ? { amendment: note } : {}),
      });
      toast.success('Data do sorteio definida!', updated.draw_date_formatted ?? undefined, {
        duration: TOAST_DURATION.list,
      });
      onSaved(updated);
      onClose();
    }, drawDateErrorMessage);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={saving}
      titleId="draw-date-title"
      title="Definir data do sorteio"
      closeButton={false}
      actions={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar'}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <DrawDateTimeFields values={values} errors={fieldErrors} onChange={change} />
        {amending ? amendment.field : null}
      </Stack>
    </FormDialog>
  );
}

/**
 * Draw-date modal (spec "Draw-date modal", section 5): a date (minimum today) and a time; the default is the
 * campaign's own date or the next Saturday at 20:00 (defaultDrawDatetime). Saves with PUT /api/campaigns/{id}
 * {draw_datetime: 'YYYY-MM-DD HH:MM:00'} (São Paulo wall clock, as the API stores and replies it).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import { toSaoPauloISODate } from '@rifaria/shared/format';
import {
  AUTH_MESSAGES,
  CAMPAIGN_MESSAGES,
  defaultDrawDatetime,
  drawDateSchema,
  validate,
} from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { toast } from '@rifaria/shared/ui';
import { updateCampaign } from '../../api/update-campaign';

export interface DrawDateModalProps {
  campaign: Pick<Campaign, 'id' | 'name' | 'draw_datetime'>;
  open: boolean;
  onClose: () => void;
  /** Receives the campaign as the server replied it after the update. */
  onSaved: (campaign: Campaign) => void;
}

/** 'YYYY-MM-DD HH:MM[:SS]' → the date and 'HH:MM' parts of the inputs. */
function splitDatetime(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split(/[ T]/);
  return { date, time: time.slice(0, 5) };
}

function initialValues(campaign: DrawDateModalProps['campaign']) {
  return splitDatetime(campaign.draw_datetime ?? defaultDrawDatetime());
}

/** The message of a failed save (spec section 5 "Draw-date modal"). */
export function drawDateErrorMessage(error: unknown): string {
  const failure = readApiError(error);
  if (failure.status === 422) return failure.errors?.draw_datetime?.[0] ?? CAMPAIGN_MESSAGES.drawDateInvalid;
  if (failure.status === 401) return AUTH_MESSAGES.sessionExpired;
  if (failure.status === 404) return CAMPAIGN_MESSAGES.notFound;
  return failure.message ?? CAMPAIGN_MESSAGES.drawDateInvalid;
}

export function DrawDateModal({ campaign, open, onClose, onSaved }: DrawDateModalProps) {
  const [values, setValues] = useState(() => initialValues(campaign));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Each opening starts from the campaign's current date (or the default), not from an abandoned edit.
  useEffect(() => {
    if (!open) return;
    setValues(initialValues(campaign));
    setFieldError(null);
    setServerError(null);
    // campaign.id / draw_datetime rather than the object: a parent re-render must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, campaign.id, campaign.draw_datetime]);

  const change = (field: 'date' | 'time', value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setFieldError(null);
    setServerError(null);
  };

  const save = async () => {
    const drawDatetime = `${values.date} ${values.time}:00`;
    const check = validate(drawDateSchema, { draw_datetime: values.date && values.time ? drawDatetime : '' });
    if (!check.success) {
      setFieldError(check.errors.draw_datetime?.[0] ?? CAMPAIGN_MESSAGES.drawDateInvalid);
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      const updated = await updateCampaign(campaign.id, { draw_datetime: drawDatetime });
      toast.success('Data do sorteio definida!', updated.draw_date_formatted ?? undefined, {
        duration: TOAST_DURATION.list,
      });
      onSaved(updated);
      onClose();
    } catch (error) {
      setServerError(drawDateErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="draw-date-title"
    >
      <DialogTitle id="draw-date-title">Definir data do sorteio</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <TextField
            label="Data do sorteio"
            type="date"
            value={values.date}
            onChange={(event) => change('date', event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? ' '}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toSaoPauloISODate(new Date()) } }}
          />
          <TextField
            label="Hora do sorteio"
            type="time"
            value={values.time}
            onChange={(event) => change('time', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

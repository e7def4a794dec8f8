/**
 * Edit tab 'Dados': name (with the n/120 counter), draw date (optional, future; DD/MM/AAAA and HH:MM in São Paulo
 * time), ticket price, total tickets (drafts only).
 */
import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { CAMPAIGN_STATUS_ID } from '@rifaria/shared/constants';
import { formatCentsAsDecimal, formatInteger, onlyDigits } from '@rifaria/shared/format';
import {
  AMENDMENT_MESSAGES,
  CAMPAIGN_MESSAGES,
  drawDatetimeFromInputs,
  drawInputIssues,
  drawInputsFromDatetime,
  firstErrors,
  updateCampaignSchema,
  validate,
} from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { MoneyField } from '@rifaria/shared/ui';
import { updateCampaign } from '../../common/api/update-campaign';
import { useAmendmentNote } from '../../common/components/amendment-field';
import { CampaignNameField } from '../../common/components/campaign-name-field';
import { DrawDateTimeFields } from '../../common/components/draw-date-time-fields';
import { serverFieldErrors, toastSaveFailed, toastSaved, withoutError } from './save-toasts';
import { centsToReais, reaisToCents } from '@rifaria/shared/money';

export function isDraft(campaign: Campaign): boolean {
  return campaign.status.id === CAMPAIGN_STATUS_ID.draft;
}

interface DataValues {
  name: string;
  /** 'DD/MM/AAAA' */
  draw_date: string;
  /** 'HH:MM' */
  draw_time: string;
  ticket_price: string;
  total_tickets: string;
}

function initialValues(campaign: Campaign): DataValues {
  const { date, time } = drawInputsFromDatetime(campaign.draw_datetime);
  return {
    name: campaign.name,
    draw_date: date,
    draw_time: time,
    ticket_price: formatCentsAsDecimal(reaisToCents(campaign.ticket_price)),
    total_tickets: formatInteger(campaign.total_tickets),
  };
}

export interface DataTabProps {
  campaign: Campaign;
  onSaved: (campaign: Campaign) => void;
}

export function DataTab({ campaign, onSaved }: DataTabProps) {
  // What the server last stored: the date is sent only when it differs from this.
  const [initial, setInitial] = useState(() => initialValues(campaign));
  const [values, setValues] = useState<DataValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const amendment = useAmendmentNote();
  const draft = isDraft(campaign);
  // Numbers reserved: the price is locked, and moving the draw is an amendment (issue 30).
  const locked = campaign.has_reservations === true;
  const dateChanged = values.draw_date !== initial.draw_date || values.draw_time !== initial.draw_time;

  const change = (field: keyof DataValues, errorKey: string, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => withoutError(previous, errorKey));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload: Record<string, unknown> = { name: values.name, ticket_price: values.ticket_price };
    if (draft) payload.total_tickets = values.total_tickets;
    if (locked && dateChanged) payload.amendment = amendment.note;
    // The date is sent only when it changed: an untouched date that has since passed must not block saving the name.
    const dateIssues = dateChanged ? drawInputIssues(values.draw_date, values.draw_time, false) : {};
    if (dateChanged) payload.draw_datetime = drawDatetimeFromInputs(values.draw_date, values.draw_time);
    const result = validate(updateCampaignSchema, payload);
    if (!result.success || dateIssues.draw_date || dateIssues.draw_time) {
      const { draw_datetime: _date, ...fieldErrors } = firstErrors(result.errors);
      setErrors({ ...fieldErrors, ...dateIssues });
      amendment.setError(fieldErrors.amendment);
      return;
    }
    const body: Record<string, unknown> = {
      name: values.name.trim(),
      ticket_price: centsToReais(result.output.ticket_price),
    };
    if (draft) body.total_tickets = result.output.total_tickets;
    if (dateChanged) body.draw_datetime = payload.draw_datetime;
    if (locked && dateChanged) body.amendment = result.output.amendment;
    setSaving(true);
    try {
      onSaved(await updateCampaign(campaign.id, body));
      setInitial(values);
      amendment.reset();
      toastSaved();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      amendment.setError(fieldErrors.amendment);
      toastSaveFailed();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 560 }}>
      <CampaignNameField
        value={values.name}
        onChange={(name) => change('name', 'name', name)}
        error={errors.name}
        required
      />
      <DrawDateTimeFields
        values={values}
        errors={errors}
        onChange={(field, masked) => change(field, field, masked)}
        dateHint="Opcional"
      />
      {locked && dateChanged ? amendment.field : null}
      <MoneyField
        label="Valor do ticket"
        value={values.ticket_price}
        onChange={(masked) => change('ticket_price', 'ticket_price', masked)}
        error={Boolean(errors.ticket_price)}
        helperText={errors.ticket_price ?? (locked ? AMENDMENT_MESSAGES.priceLocked : undefined)}
        disabled={locked}
        required
      />
      <TextField
        label="Quantidade de rifas"
        value={values.total_tickets}
        onChange={(event) => {
          const digits = onlyDigits(event.target.value).slice(0, 8);
          change('total_tickets', 'total_tickets', digits ? formatInteger(Number(digits)) : '');
        }}
        disabled={!draft}
        error={Boolean(errors.total_tickets)}
        helperText={errors.total_tickets ?? (draft ? undefined : CAMPAIGN_MESSAGES.totalTicketsLocked)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        required
      />
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar'}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Edit tab 'Dados': name, draw date (optional, future), ticket price, total tickets (drafts only). */
import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { CAMPAIGN_DRAFT_STATUS_DESCRIPTION } from '@rifaria/shared/constants';
import { formatCentsAsDecimal, formatInteger, onlyDigits } from '@rifaria/shared/format';
import { CAMPAIGN_MESSAGES, firstErrors, updateCampaignSchema, validate } from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { MoneyField } from '@rifaria/shared/ui';
import { updateCampaign } from '../../api/update-campaign';
import { serverFieldErrors, toastSaveFailed, toastSaved, withoutError } from './save-toasts';

export function isDraft(campaign: Campaign): boolean {
  return campaign.status.description.toLowerCase() === CAMPAIGN_DRAFT_STATUS_DESCRIPTION.toLowerCase();
}

interface DataValues {
  name: string;
  draw_date: string;
  draw_time: string;
  ticket_price: string;
  total_tickets: string;
}

function initialValues(campaign: Campaign): DataValues {
  const [date = '', time = ''] = (campaign.draw_datetime ?? '').split(/[ T]/);
  return {
    name: campaign.name,
    draw_date: date,
    draw_time: time.slice(0, 5),
    ticket_price: formatCentsAsDecimal(Math.round(campaign.ticket_price * 100)),
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
  const draft = isDraft(campaign);

  const change = (field: keyof DataValues, errorKey: string, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => withoutError(previous, errorKey));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload: Record<string, unknown> = { name: values.name, ticket_price: values.ticket_price };
    if (draft) payload.total_tickets = values.total_tickets;
    // The date is sent only when it changed: an untouched date that has since passed must not block saving the name.
    const dateChanged = values.draw_date !== initial.draw_date || values.draw_time !== initial.draw_time;
    if (dateChanged) {
      if (values.draw_date && !values.draw_time) {
        setErrors({ draw_datetime: CAMPAIGN_MESSAGES.drawTimeRequired });
        return;
      }
      payload.draw_datetime = values.draw_date ? `${values.draw_date} ${values.draw_time}:00` : null;
    }
    const result = validate(updateCampaignSchema, payload);
    if (!result.success) {
      setErrors(firstErrors(result.errors));
      return;
    }
    const body: Record<string, unknown> = {
      name: values.name.trim(),
      ticket_price: (result.output.ticket_price ?? 0) / 100,
    };
    if (draft) body.total_tickets = result.output.total_tickets;
    if (dateChanged) body.draw_datetime = payload.draw_datetime;
    setSaving(true);
    try {
      onSaved(await updateCampaign(campaign.id, body));
      setInitial(values);
      toastSaved();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastSaveFailed();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 560 }}>
      <TextField
        label="Nome da campanha"
        value={values.name}
        onChange={(event) => change('name', 'name', event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Data do sorteio"
          type="date"
          value={values.draw_date}
          onChange={(event) => change('draw_date', 'draw_datetime', event.target.value)}
          error={Boolean(errors.draw_datetime)}
          helperText={errors.draw_datetime ?? 'Opcional'}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Hora do sorteio"
          type="time"
          value={values.draw_time}
          onChange={(event) => change('draw_time', 'draw_datetime', event.target.value)}
          error={Boolean(errors.draw_datetime)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <MoneyField
        label="Valor do ticket"
        value={values.ticket_price}
        onChange={(masked) => change('ticket_price', 'ticket_price', masked)}
        error={Boolean(errors.ticket_price)}
        helperText={errors.ticket_price}
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

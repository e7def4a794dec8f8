/**
 * 'Denunciar campanha' (issue 32): the reason from a fixed list, what happened, and optionally a phone to be called
 * back; validated with the API's own schema (campaignReportSchema). Loaded only when first opened (campaign-view.tsx):
 * the campaign page's first script does not grow.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import {
  CAMPAIGN_REPORT_DESCRIPTION_MAX,
  CAMPAIGN_REPORT_REASONS,
  campaignReportSchema,
  CAMPAIGN_REPORT_MESSAGES,
} from '@rifaria/shared/schemas';
import type { CampaignReportReason } from '@rifaria/shared/types';
import { DialogTitleWithClose } from '@rifaria/shared/ui';
// valibot itself, not the shared `validate`/`firstErrors` (schemas/validate.ts): the first view's api client imports
// that module, and sharing it with this dialog would pull valibot into the campaign page's first script (its 150 KB
// budget, bench/README.md).
import * as v from 'valibot';
import { FormError } from '../../common/components/form-error';
import { reportCampaign } from '../api/report-campaign';

export const REPORT_TEXTS = {
  open: 'Denunciar campanha',
  title: 'Denunciar campanha',
  reason: 'Motivo',
  description: 'O que aconteceu?',
  phone: 'Seu telefone (opcional)',
  phoneHint: 'Para a equipe da Rifaria falar com você, se precisar.',
  send: 'Enviar denúncia',
  sending: 'Enviando…',
  close: 'Fechar',
} as const;

const REASONS = Object.entries(CAMPAIGN_REPORT_REASONS) as [CampaignReportReason, string][];

export function ReportDialog({ open, onClose, link }: { open: boolean; onClose: () => void; link: string }) {
  const [reason, setReason] = useState<CampaignReportReason | ''>('');
  const [description, setDescription] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(campaignReportSchema, { reason, description, phone });
    if (!parsed.success) {
      const nested = v.flatten<typeof campaignReportSchema>(parsed.issues).nested ?? {};
      setErrors(Object.fromEntries(Object.entries(nested).map(([field, messages]) => [field, messages?.[0] ?? ''])));
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      const { phone: digits, ...rest } = parsed.output;
      setSent(await reportCampaign(link, digits ? { ...rest, phone: digits } : rest));
    } catch (error) {
      const failure = readApiError(error);
      setErrors(
        Object.fromEntries(Object.entries(failure.errors ?? {}).map(([field, [first]]) => [field, first ?? ''])),
      );
      setFormError(failure.message ?? CAMPAIGN_REPORT_MESSAGES.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="report-title">
      <DialogTitleWithClose id="report-title" onClose={onClose} closeLabel={REPORT_TEXTS.close}>
        {REPORT_TEXTS.title}
      </DialogTitleWithClose>
      {sent ? (
        <DialogContent>
          <Alert severity="success">{sent}</Alert>
        </DialogContent>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <FormError message={formError} />
              <FormControl error={Boolean(errors.reason)}>
                <FormLabel id="report-reason">{REPORT_TEXTS.reason}</FormLabel>
                <RadioGroup
                  aria-labelledby="report-reason"
                  value={reason}
                  onChange={(event) => setReason(event.target.value as CampaignReportReason)}
                >
                  {REASONS.map(([value, label]) => (
                    <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
                  ))}
                </RadioGroup>
                {errors.reason ? <Alert severity="error">{errors.reason}</Alert> : null}
              </FormControl>
              <TextField
                label={REPORT_TEXTS.description}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                multiline
                minRows={3}
                error={Boolean(errors.description)}
                helperText={errors.description}
                slotProps={{ htmlInput: { maxLength: CAMPAIGN_REPORT_DESCRIPTION_MAX } }}
              />
              <TextField
                label={REPORT_TEXTS.phone}
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                type="tel"
                error={Boolean(errors.phone)}
                helperText={errors.phone ?? REPORT_TEXTS.phoneHint}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button type="submit" variant="contained" color="error" disabled={sending}>
              {sending ? REPORT_TEXTS.sending : REPORT_TEXTS.send}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

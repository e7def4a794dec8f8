/** Edit tab 'Prêmios': description and value (default 0,00) per prize; a prize is removable while more than one remains. */
import { useRef, useState } from 'react';
import { Alert, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { formatBRL, formatCentsAsDecimal } from '@rifaria/shared/format';
import { AMENDMENT_MESSAGES, firstErrors, updateCampaignSchema, validate } from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { CloseIcon, MoneyField, toast } from '@rifaria/shared/ui';
import { updateCampaign } from '../../common/api/update-campaign';
import { EDIT_TEXTS, editToastOptions, serverFieldErrors, withoutError } from './save-toasts';
import { centsToReais, reaisToCents } from '@rifaria/shared/money';

interface AwardRow {
  /** Stable React key: rows are removed from the middle. */
  key: number;
  description: string;
  value: string;
}

const DEFAULT_VALUE = '0,00';

export interface AwardsTabProps {
  campaign: Campaign;
  onSaved: (campaign: Campaign) => void;
}

export function AwardsTab({ campaign, onSaved }: AwardsTabProps) {
  const nextKey = useRef(0);
  const row = (description = '', value = DEFAULT_VALUE): AwardRow => ({ key: nextKey.current++, description, value });
  const [rows, setRows] = useState<AwardRow[]>(() => {
    const sorted = [...campaign.awards].sort((a, b) => a.position - b.position);
    const initial = sorted.map((award) =>
      row(award.description, award.value === null ? DEFAULT_VALUE : formatCentsAsDecimal(reaisToCents(award.value))),
    );
    return initial.length ? initial : [row()];
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const update = (index: number, field: 'description' | 'value', value: string) => {
    setRows((previous) => previous.map((item, i) => (i === index ? { ...item, [field]: value } : item)));
    setErrors((previous) => withoutError(withoutError(previous, `awards.${index}.${field}`), 'awards'));
  };

  const remove = (index: number) => {
    if (rows.length <= 1) return;
    setRows((previous) => previous.filter((_, i) => i !== index));
    // Positions shift after a removal: old per-row messages would point at the wrong prize.
    setErrors({});
  };

  const save = async () => {
    const awards = rows.map((item) => ({ description: item.description, value: item.value }));
    const result = validate(updateCampaignSchema, { awards });
    if (!result.success) {
      setErrors(firstErrors(result.errors));
      return;
    }
    setSaving(true);
    try {
      const payload = (result.output.awards ?? []).map((award) => ({
        description: award.description,
        value: award.value === null ? null : centsToReais(award.value),
      }));
      onSaved(await updateCampaign(campaign.id, { awards: payload }));
      toast.success(EDIT_TEXTS.awardsSaved, undefined, editToastOptions);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast.error(EDIT_TEXTS.awardsFailed, undefined, editToastOptions);
    } finally {
      setSaving(false);
    }
  };

  // Numbers reserved: the prizes are what buyers paid for, locked (issue 30).
  const locked = campaign.has_reservations === true;
  if (locked) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Alert severity="info">{AMENDMENT_MESSAGES.awardsLocked}</Alert>
        <Stack component="ol" aria-label="Prêmios" spacing={1} sx={{ m: 0, pl: 3 }}>
          {[...campaign.awards]
            .sort((a, b) => a.position - b.position)
            .map((award) => (
              <Typography component="li" key={award.position}>
                {award.value === null
                  ? award.description
                  : `${award.description} (${formatBRL(reaisToCents(award.value))})`}
              </Typography>
            ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {errors.awards && <Alert severity="error">{errors.awards}</Alert>}
      {rows.map((item, index) => (
        <Stack
          key={item.key}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label={`Descrição do ${index + 1}º prêmio`}
            value={item.description}
            onChange={(event) => update(index, 'description', event.target.value)}
            error={Boolean(errors[`awards.${index}.description`])}
            helperText={errors[`awards.${index}.description`]}
            sx={{ flex: 2 }}
          />
          <MoneyField
            label={`Valor do ${index + 1}º prêmio`}
            value={item.value}
            onChange={(masked) => update(index, 'value', masked)}
            error={Boolean(errors[`awards.${index}.value`])}
            helperText={errors[`awards.${index}.value`]}
            sx={{ flex: 1 }}
          />
          {rows.length > 1 && (
            <Tooltip title="Remover prêmio">
              <IconButton aria-label={`Remover ${index + 1}º prêmio`} onClick={() => remove(index)}>
                <CloseIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => setRows((previous) => [...previous, row()])}>
          Adicionar prêmio
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar prêmios'}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Step 2 'Prêmios': rows of name + optional value; add and remove, one row always stays. */
import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { CloseIcon, MoneyField } from '@rifaria/shared/ui';
import { AWARDS_MAX } from '@rifaria/shared/schemas';
import { newAwardRow, type AwardRow } from '../hooks/wizard-values';
import type { StepProps } from './step-campaign';

export function StepPrizes({ values, errors, change }: StepProps) {
  const rows = values.awards;
  const update = (index: number, patch: Partial<AwardRow>) =>
    change(
      'awards',
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );

  return (
    <Stack spacing={2}>
      {errors.awards && <Typography color="error">{errors.awards}</Typography>}
      {rows.map((row, index) => {
        const nameError = errors[`awards.${index}.description`];
        const valueError = errors[`awards.${index}.value`];
        return (
          <Stack key={row.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography sx={{ pt: 2, minWidth: 28 }}>{index + 1}º</Typography>
            <TextField
              label={`Nome do ${index + 1}º prêmio`}
              value={row.description}
              onChange={(event) => update(index, { description: event.target.value })}
              error={Boolean(nameError)}
              helperText={nameError ?? ' '}
              fullWidth
            />
            <MoneyField
              label={`Valor do ${index + 1}º prêmio (opcional)`}
              value={row.value}
              onChange={(masked) => update(index, { value: masked })}
              error={Boolean(valueError)}
              helperText={valueError ?? ' '}
              sx={{ minWidth: { sm: 200 } }}
            />
            <IconButton
              aria-label={`Remover ${index + 1}º prêmio`}
              onClick={() =>
                change(
                  'awards',
                  rows.filter((_, i) => i !== index),
                )
              }
              disabled={rows.length <= 1}
              sx={{ mt: 1 }}
            >
              <CloseIcon />
            </IconButton>
          </Stack>
        );
      })}
      <div>
        <Button onClick={() => change('awards', [...rows, newAwardRow()])} disabled={rows.length >= AWARDS_MAX}>
          + Adicionar prêmio
        </Button>
      </div>
    </Stack>
  );
}

import { Box, Button, IconButton, Stack } from '@mui/material';
import { RESERVATION_QUANTITY_MAX, RESERVATION_QUANTITY_MIN } from '@rifaria/shared/constants';
import { QUANTITY_STEP_ATTRIBUTE } from '../../../page/take-over';
import { OutlinedField } from '../../common/components/outlined-field';
import { AddIcon, RemoveIcon } from './icons';

/** Spec section 2: quick-add steps differ on phones and on wider screens. */
export const QUICK_ADD_STEPS = { mobile: [10, 50, 100, 200, 300, 500], desktop: [10, 50, 100, 500] } as const;

export const QUANTITY_TEXTS = {
  label: 'Quantidade de números',
  decrease: 'Diminuir quantidade',
  increase: 'Aumentar quantidade',
  clear: 'Limpar',
  clearLabel: 'Limpar quantidade',
} as const;

/** Keeps a quantity inside 0..max (max never above the 1.000-number limit of one purchase). */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return RESERVATION_QUANTITY_MIN;
  return Math.min(Math.max(Math.trunc(value), RESERVATION_QUANTITY_MIN), Math.min(max, RESERVATION_QUANTITY_MAX));
}

interface Props {
  value: number;
  onChange: (value: number) => void;
  max: number;
  mobile: boolean;
  disabled?: boolean;
}

export function QuantitySelector({ value, onChange, max, mobile, disabled = false }: Props) {
  const steps = mobile ? QUICK_ADD_STEPS.mobile : QUICK_ADD_STEPS.desktop;
  const set = (next: number) => onChange(clampQuantity(next, max));

  return (
    <Stack spacing={1.5}>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${mobile ? 3 : 4}, 1fr)`, gap: 1 }}
        role="group"
        aria-label="Adicionar números"
      >
        {steps.map((step) => (
          <Button
            key={step}
            variant="outlined"
            onClick={() => set(value + step)}
            {...{ [QUANTITY_STEP_ATTRIBUTE]: step }}
            disabled={disabled || value >= max}
            sx={{ fontWeight: 700, py: 1 }}
          >
            {`+${step}`}
          </Button>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={QUANTITY_TEXTS.decrease}
          onClick={() => set(value - 1)}
          disabled={disabled || value <= RESERVATION_QUANTITY_MIN}
          sx={{ border: 1, borderColor: 'divider' }}
        >
          <RemoveIcon />
        </IconButton>
        <OutlinedField
          label={QUANTITY_TEXTS.label}
          type="number"
          value={String(value)}
          onChange={(event) => set(Number(event.target.value.replace(/\D/g, '') || 0))}
          onFocus={(event) => (event.target as HTMLInputElement).select()}
          disabled={disabled}
          size="small"
          fullWidth
          slotProps={{
            input: {
              min: RESERVATION_QUANTITY_MIN,
              max: RESERVATION_QUANTITY_MAX,
              step: 1,
              inputMode: 'numeric',
              style: { textAlign: 'center', fontWeight: 700, fontSize: '1.1rem' },
            },
          }}
        />
        <IconButton
          aria-label={QUANTITY_TEXTS.increase}
          onClick={() => set(value + 1)}
          {...{ [QUANTITY_STEP_ATTRIBUTE]: 1 }}
          disabled={disabled || value >= max}
          sx={{ border: 1, borderColor: 'divider' }}
        >
          <AddIcon />
        </IconButton>
      </Stack>
      {value > 0 ? (
        <Button
          size="small"
          color="inherit"
          onClick={() => set(0)}
          aria-label={QUANTITY_TEXTS.clearLabel}
          sx={{ alignSelf: 'flex-end' }}
        >
          {QUANTITY_TEXTS.clear}
        </Button>
      ) : null}
    </Stack>
  );
}

import { useEffect, useState } from 'react';
import { Box, Button, IconButton, Stack } from '@mui/material';
import { RESERVATION_QUANTITY_MAX, RESERVATION_QUANTITY_MIN } from '@rifaria/shared/constants';
import { SALE_MESSAGES } from '@rifaria/shared/schemas';
import { OutlinedField } from '@rifaria/shared/ui';
import { QUANTITY_STEP_ATTRIBUTE } from '../../../page/take-over';
import { AddIcon, RemoveIcon } from './icons';

/** Spec section 2: quick-add steps differ on phones and on wider screens. */
export const QUICK_ADD_STEPS = { mobile: [10, 50, 100, 200, 300, 500], desktop: [10, 50, 100, 500] } as const;

export const QUANTITY_TEXTS = {
  label: 'Quantidade de números',
  /** Issue 30: '-5' became 5 and '1.5' became 15 without a word. */
  notWhole: 'Use apenas algarismos: a quantidade é um número inteiro, sem ponto, vírgula ou sinal.',
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

/** Far above any quantity: longer input is not kept (nor looked at). */
const TYPED_MAX_LENGTH = 12;

/**
 * What a typed quantity means: the number, or why it is not one (never a silent change of what was typed: issue 30
 * saw 999999999 become 1000, '-5' become 5 and '1.5' become 15).
 */
export function readTypedQuantity(text: string, max: number): { quantity: number } | { error: string } {
  if (text === '') return { quantity: 0 };
  if (!/^\d+$/.test(text)) return { error: QUANTITY_TEXTS.notWhole };
  const quantity = Number(text);
  if (quantity > RESERVATION_QUANTITY_MAX) return { error: SALE_MESSAGES.quantityMax };
  if (quantity > max) return { error: SALE_MESSAGES.notEnoughTickets(max) };
  return { quantity };
}

interface Props {
  value: number;
  onChange: (value: number) => void;
  /** Why what is typed is not a quantity (the page disables 'Participar' with it), or null. */
  onInvalid?: (error: string | null) => void;
  max: number;
  mobile: boolean;
  disabled?: boolean;
}

export function QuantitySelector({ value, onChange, onInvalid, max, mobile, disabled = false }: Props) {
  const steps = mobile ? QUICK_ADD_STEPS.mobile : QUICK_ADD_STEPS.desktop;
  // What the buyer typed while it is not a valid quantity, kept exactly as typed with its error.
  // An emptied field stays empty (no '0' to type after), without an error.
  const [typed, setTyped] = useState<{ text: string; error: string | null } | null>(null);
  // A quantity set from elsewhere (the bottom bar's '+1') replaces what was typed, and its error.
  useEffect(() => {
    if (value === 0 || typed === null) return;
    setTyped(null);
    onInvalid?.(null);
    // Only a change of the value: typed and onInvalid are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const set = (next: number) => {
    setTyped(null);
    onInvalid?.(null);
    onChange(clampQuantity(next, max));
  };
  const type = (raw: string) => {
    const text = raw.trim().slice(0, TYPED_MAX_LENGTH);
    const read = readTypedQuantity(text, max);
    if ('error' in read || text === '') {
      const error = 'error' in read ? read.error : null;
      setTyped({ text, error });
      onInvalid?.(error);
      onChange(0);
    } else {
      set(read.quantity);
    }
  };

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
          value={typed?.text ?? String(value)}
          onChange={(event) => type(event.target.value)}
          error={Boolean(typed?.error)}
          helperText={typed?.error}
          onFocus={(event) => (event.target as HTMLInputElement).select()}
          disabled={disabled}
          size="small"
          fullWidth
          slotProps={{
            input: {
              inputMode: 'numeric',
              maxLength: TYPED_MAX_LENGTH,
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

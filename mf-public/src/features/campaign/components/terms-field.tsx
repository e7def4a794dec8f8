/**
 * 'Li e aceito o regulamento e declaro ter 18 anos ou mais' (issue 30): required at step 2 for every buyer, checked
 * by the shared termsSchema here and by purchaseRequestSchema on the server, and stored with the purchase. The word
 * 'regulamento' opens the campaign's rules right under the box, without leaving the reservation.
 */
import { useId, useState } from 'react';
import { Box, Checkbox, Link, Stack, Typography } from '@mui/material';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import { RulesText } from './rules-section';

const [BEFORE, AFTER] = BUYER_MESSAGES.termsLabel.split('regulamento') as [string, string];

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  /** The campaign's rules (sanitised HTML; '' → the default 18+ text). */
  rules: string;
}

export function TermsField({ checked, onChange, error, rules }: Props) {
  const id = useId();
  const [rulesOpen, setRulesOpen] = useState(false);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <Checkbox
          id={`${id}-terms`}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          color={error ? 'error' : 'primary'}
          sx={{ mt: -0.75, ml: -1 }}
          slotProps={{
            input: {
              'aria-invalid': Boolean(error),
              'aria-describedby': error ? `${id}-error` : undefined,
            },
          }}
        />
        <Typography component="label" htmlFor={`${id}-terms`} variant="body2" sx={{ cursor: 'pointer' }}>
          {BEFORE}
          {/* A button inside the label: clicking it opens the rules and does not tick the box. */}
          <Link
            component="button"
            type="button"
            variant="body2"
            aria-expanded={rulesOpen}
            aria-controls={`${id}-rules`}
            onClick={() => setRulesOpen((open) => !open)}
            sx={{ verticalAlign: 'baseline' }}
          >
            regulamento
          </Link>
          {AFTER}
        </Typography>
      </Stack>
      {error ? (
        <Typography id={`${id}-error`} variant="caption" color="error" role="alert">
          {error}
        </Typography>
      ) : null}
      {rulesOpen ? (
        <Box
          id={`${id}-rules`}
          role="region"
          aria-label="Regulamento"
          tabIndex={0}
          sx={{ maxHeight: 220, overflowY: 'auto', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <RulesText rules={rules} />
        </Box>
      ) : null}
    </Stack>
  );
}

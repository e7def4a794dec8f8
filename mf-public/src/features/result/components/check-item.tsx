import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import type { DrawResult } from '@rifaria/shared/types';
import { HexValue } from '../../common/components/hex-value';
import { RESULT_TEXTS } from './result-texts';

/** One piece of the proof ('Semente', 'Compromisso', …): its name, then its value and what it means. */
export function CheckItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {label}
      </Typography>
      <Stack component="dd" spacing={0.75} sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Stack>
    </Box>
  );
}

/** The list of CheckItems. */
export function CheckList({ children }: { children: ReactNode }) {
  return (
    <Stack component="dl" spacing={2} sx={{ m: 0, minWidth: 0 }}>
      {children}
    </Stack>
  );
}

/** The hash of the paid numbers and how many took part: the same proof for both draw methods. */
export function TicketsHashItem({ result }: { result: Pick<DrawResult, 'tickets_hash' | 'paid_count'> }) {
  return (
    <CheckItem label="Hash dos números pagos (SHA-256)">
      <HexValue value={result.tickets_hash} />
      <Typography variant="body2" color="text.secondary">
        {RESULT_TEXTS.paidCount(result.paid_count)}
      </Typography>
    </CheckItem>
  );
}

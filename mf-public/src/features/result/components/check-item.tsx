import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

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

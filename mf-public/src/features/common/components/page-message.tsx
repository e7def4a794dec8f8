import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@rifaria/shared/constants';
import { TicketIcon } from '@rifaria/shared/ui';

/**
 * A page that is only a message: the logo (issue 30: a lost buyer still knows where they are), a centred title (the
 * page's h1) and what follows it (why, buttons).
 */
export function PageMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      spacing={2}
      sx={{ minHeight: '70vh', alignItems: 'center', justifyContent: 'center', textAlign: 'center', px: 3 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TicketIcon color="primary" sx={{ fontSize: 32 }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 800, fontSize: 20 }}>{PRODUCT_NAME}</Typography>
      </Stack>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';

/** A page that is only a message: a centred title (the page's h1) and what follows it (why, buttons). */
export function PageMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      spacing={2}
      sx={{ minHeight: '70vh', alignItems: 'center', justifyContent: 'center', textAlign: 'center', px: 3 }}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

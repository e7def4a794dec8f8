import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** A card of the buyer's pages (the checkout's, the campaign's quantity card), a section named by `label` or its `title`. */
export function Card({ title, children, label }: { title?: string; children: ReactNode; label?: string }) {
  return (
    <Paper component="section" aria-label={label ?? title} variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      {title ? (
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

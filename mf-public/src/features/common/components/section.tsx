import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';

/** A card of a buyer page's main column (prizes, rules, trust, the draw, the result), named by its heading. */
export function Section({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ p: 2, mx: { xs: 2, md: 0 }, borderRadius: 3 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        {icon}
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}

import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export const COMING_SOON_TEXT = 'Esta seção está sendo preparada e estará disponível em breve.';

/** Honest placeholder for a screen still being built: its real title and one pt-BR line, no fake data. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box component="section" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{children ?? COMING_SOON_TEXT}</Typography>
    </Box>
  );
}

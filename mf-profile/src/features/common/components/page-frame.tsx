/** The frame of 'Meu perfil' and 'Configurações': the page's h1, the line under it, then the page. */
import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

export function PageFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
      </Box>
      {children}
    </Stack>
  );
}

/** The frame of 'Meus Dados' and 'Configurações': the page's h1 (also the tab's title), the line under it, then the page. */
import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useDocumentTitle } from '@rifaria/shared/ui';

export function PageFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useDocumentTitle(title);
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

/** A console screen: its title (the page's h1 and the tab's title), the buttons beside it, and its content. */
import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { useDocumentTitle } from '@rifaria/shared/ui';

export function ConsolePage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        {actions ? (
          <Stack direction="row" spacing={1}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

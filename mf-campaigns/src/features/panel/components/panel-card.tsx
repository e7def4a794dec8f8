import type { ReactNode } from 'react';
import { Card, CardContent, Typography, type SxProps, type Theme } from '@mui/material';

/** A card of the campaign panel: a section named by its h2 title (`id` is the title's). */
export function PanelCard({
  id,
  title,
  sx,
  children,
}: {
  id: string;
  title: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={sx}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A term/value list (dl) of the buyer pages: the reservation summary, the checkout's purchase and buyer data.
 * Terms on the left, values right-aligned; a `wide` row (the campaign name, which organisers make up to 120
 * characters long, with or without spaces) puts its value on its own full-width line instead of squeezing it
 * into a narrow column beside the longest term.
 */
import type { ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';

export interface SummaryRow {
  term: string;
  value: ReactNode;
  wide?: boolean;
}

export function SummaryList({ label, rows, sx }: { label: string; rows: SummaryRow[]; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={[
        {
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.75,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, textAlign: 'right', fontWeight: 600, overflowWrap: 'anywhere' },
          '& .wide': { gridColumn: '1 / -1', textAlign: 'left' },
          '& dd.wide': { mt: -0.5, mb: 0.5 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {rows.map(({ term, value, wide }) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt className={wide ? 'wide' : undefined}>{term}</dt>
          <dd className={wide ? 'wide' : undefined}>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

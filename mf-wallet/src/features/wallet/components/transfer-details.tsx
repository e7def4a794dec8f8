import { Box, Typography } from '@mui/material';

/** Label and value pairs of a transfer (confirmation and receipt), as a description list read in order. */
export function TransferDetails({ rows, label }: { rows: [string, string][]; label: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'grid', gap: 1.25 }}>
      {rows.map(([term, value]) => (
        <Box key={term}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

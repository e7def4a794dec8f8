import { Box } from '@mui/material';

/**
 * A long hex string (seed, commitment, hashes, beacon randomness) in monospace, broken anywhere so that 64 characters
 * without a space wrap on a 360 px phone instead of widening the page.
 */
export function HexValue({ value }: { value: string }) {
  return (
    <Box
      component="code"
      sx={{
        display: 'block',
        fontFamily: 'monospace',
        fontSize: '0.85rem',
        lineHeight: 1.5,
        wordBreak: 'break-all',
        overflowWrap: 'anywhere',
        bgcolor: 'grey.100',
        color: 'text.primary',
        borderRadius: 1,
        px: 1,
        py: 0.75,
      }}
    >
      {value}
    </Box>
  );
}

import { Box, CircularProgress } from '@mui/material';

/** Full-area spinner for lazy routes and remotes. */
export function PageLoader({
  label = 'Carregando...',
  minHeight = '60vh',
}: {
  label?: string;
  minHeight?: number | string;
}) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight, width: '100%' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { TicketIcon } from '@rifaria/shared/ui';

/** Wordmark; a link when `to` is given. */
export function BrandLogo({ to, inverted = false }: { to?: string; inverted?: boolean }) {
  const content = (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{
          width: 34,
          height: 34,
          borderRadius: '10px',
          display: 'grid',
          placeItems: 'center',
          bgcolor: inverted ? '#fff' : 'primary.main',
          color: inverted ? 'primary.main' : '#fff',
          transform: 'rotate(-8deg)',
        }}
      >
        <TicketIcon sx={{ fontSize: 20 }} />
      </Box>
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: 22, letterSpacing: '-0.03em', color: inverted ? '#fff' : 'text.primary' }}
      >
        Rifaria
      </Typography>
    </Box>
  );
  if (!to) return content;
  return (
    <Box component={RouterLink} to={to} aria-label="Rifaria — página inicial" sx={{ textDecoration: 'none' }}>
      {content}
    </Box>
  );
}

import { Box, Typography } from '@mui/material';
import { firstName } from '@rifaria/shared/format';
import { DASHBOARD_TEXTS } from '../texts';

/** 'Olá, Ana!' — or just 'Olá!' when the name is unknown (spec: generic word if none). */
export function greeting(name: string | null | undefined): string {
  const first = firstName(name);
  return first ? `Olá, ${first}!` : 'Olá!';
}

export function DashboardGreeting({ name }: { name: string | null | undefined }) {
  return (
    <Box sx={{ mb: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {greeting(name)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {DASHBOARD_TEXTS.summary}
      </Typography>
    </Box>
  );
}

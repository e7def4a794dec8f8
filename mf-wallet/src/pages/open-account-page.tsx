import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { COMING_SOON_TEXT, ComingSoon } from '@rifaria/shared/ui';

export function OpenAccountPage() {
  return (
    <ComingSoon title="Abrir conta digital">
      {COMING_SOON_TEXT}{' '}
      <Typography component="span" sx={{ display: 'block', mt: 2 }}>
        <Link component={RouterLink} to="/carteiras">
          Voltar para Carteiras
        </Link>
      </Typography>
    </ComingSoon>
  );
}

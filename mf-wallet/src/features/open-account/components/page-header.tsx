import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@rifaria/shared/paths';
import { ArrowBackIcon } from '@rifaria/shared/ui';
import { WIZARD_TEXTS } from './wizard-texts';

/** 'Voltar para Carteiras' and the page's title, above whatever /carteira/adicionar shows. */
export function PageHeader() {
  return (
    <>
      <Link
        component={RouterLink}
        to={paths.wallets.getHref()}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        {WIZARD_TEXTS.back}
      </Link>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {WIZARD_TEXTS.title}
      </Typography>
    </>
  );
}

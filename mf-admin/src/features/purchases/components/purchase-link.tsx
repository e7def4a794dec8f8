/** A purchase's code, linking to its detail under Compras. */
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { SECTIONS } from '../../common/components/sections';

export function PurchaseLink({ hash }: { hash: string }) {
  return (
    <Link
      component={RouterLink}
      to={paths.admin.getHref(SECTIONS.purchases.segment, hash)}
      sx={{ fontFamily: 'monospace' }}
    >
      {hash}
    </Link>
  );
}

/** An /admin address that is no screen of the console. */
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { ConsolePage } from './console-page';

export const CONSOLE_NOT_FOUND = 'Página não encontrada';

export function ConsoleNotFound() {
  return (
    <ConsolePage title={CONSOLE_NOT_FOUND}>
      <Button component={RouterLink} to={paths.admin.getHref()} sx={{ alignSelf: 'flex-start' }}>
        Voltar ao início
      </Button>
    </ConsolePage>
  );
}

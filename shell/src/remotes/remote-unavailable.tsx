import { Box, Button, Typography } from '@mui/material';

export const REMOTE_UNAVAILABLE_TITLE = 'Não foi possível carregar esta seção.';
export const REMOTE_UNAVAILABLE_HINT = 'Verifique sua conexão e tente novamente.';
export const REMOTE_RETRY_LABEL = 'Tentar novamente';
export const REMOTE_RELOAD_HINT = 'Se o problema continuar, recarregue a página.';
export const REMOTE_RELOAD_LABEL = 'Recarregar a página';

export interface RemoteUnavailableProps {
  /** Retries loading the section in place (no page reload). Without it the button is not shown. */
  onRetry?: () => void;
  /**
   * An in-place retry already failed: offer a full reload as well. A remote that failed half-way (its entry
   * loaded, a shared module or chunk did not) can stay broken in the Module Federation runtime until a reload.
   */
  offerReload?: boolean;
}

/** What a section shows when its remote could not be loaded (or crashed while rendering). */
export function RemoteUnavailable({ onRetry, offerReload = false }: RemoteUnavailableProps) {
  return (
    <Box role="alert" sx={{ py: 8, px: 2, textAlign: 'center', maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {REMOTE_UNAVAILABLE_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {offerReload ? REMOTE_RELOAD_HINT : REMOTE_UNAVAILABLE_HINT}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        {onRetry ? (
          <Button variant={offerReload ? 'outlined' : 'contained'} onClick={onRetry}>
            {REMOTE_RETRY_LABEL}
          </Button>
        ) : null}
        {offerReload ? (
          <Button variant="contained" onClick={() => window.location.reload()}>
            {REMOTE_RELOAD_LABEL}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

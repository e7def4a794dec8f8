import { Box, Button, Typography } from '@mui/material';

export const REMOTE_UNAVAILABLE_TITLE = 'Não foi possível carregar esta seção.';
export const REMOTE_UNAVAILABLE_HINT = 'Verifique sua conexão e tente novamente.';
export const REMOTE_RETRY_LABEL = 'Tentar novamente';

export interface RemoteUnavailableProps {
  /** Retries loading the section in place (no page reload). Without it the button is not shown. */
  onRetry?: () => void;
}

/** What a section shows when its remote could not be loaded (or crashed while rendering). */
export function RemoteUnavailable({ onRetry }: RemoteUnavailableProps) {
  return (
    <Box role="alert" sx={{ py: 8, px: 2, textAlign: 'center', maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {REMOTE_UNAVAILABLE_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {REMOTE_UNAVAILABLE_HINT}
      </Typography>
      {onRetry ? (
        <Button variant="contained" onClick={onRetry}>
          {REMOTE_RETRY_LABEL}
        </Button>
      ) : null}
    </Box>
  );
}

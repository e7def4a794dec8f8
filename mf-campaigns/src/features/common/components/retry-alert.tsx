import type { ReactNode } from 'react';
import { Alert, Button, type SxProps, type Theme } from '@mui/material';

/** A load failure with its 'Tentar novamente' (the list's and the panel's). */
export function RetryAlert({
  severity = 'error',
  onRetry,
  sx,
  children,
}: {
  severity?: 'error' | 'warning';
  onRetry: () => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => onRetry()}>
          Tentar novamente
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

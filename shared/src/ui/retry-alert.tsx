import type { ReactNode } from 'react';
import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { RETRY_LABEL } from '../constants';

/** A load that failed: the message, and 'Tentar novamente' beside it (spec: every load error offers a retry). */
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
          {RETRY_LABEL}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

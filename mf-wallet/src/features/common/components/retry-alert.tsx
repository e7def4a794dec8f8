import type { ReactNode } from 'react';
import { Alert, Button } from '@mui/material';

export const RETRY_LABEL = 'Tentar novamente';

/** A load that failed: the message, and 'Tentar novamente' beside it. */
export function RetryAlert({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {RETRY_LABEL}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

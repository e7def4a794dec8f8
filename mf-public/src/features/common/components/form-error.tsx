import { Alert } from '@mui/material';

/** A form's error above its fields, announced to screen readers; nothing while there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  ) : null;
}

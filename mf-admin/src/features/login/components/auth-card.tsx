/** The frame of the console's open pages (login, invite): the brand, a title, the form and its one button. */
import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME } from '@rifaria/shared/constants';
import { useDocumentTitle } from '@rifaria/shared/ui';
import type { FormSubmit } from '../../common/components/action-dialog';

/** Without `form` the card only explains (`error` above its content). */
export function AuthCard({
  title,
  form,
  error = form?.action.error,
  children,
}: {
  title: string;
  form?: FormSubmit;
  error?: string | null;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form?.run();
  };
  const busy = form?.action.busy ?? false;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, bgcolor: 'grey.50' }}
    >
      <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
          <Typography color="text.secondary">{`${PRODUCT_NAME} · Operação`}</Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {children}
          {form ? (
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? <CircularProgress size={22} color="inherit" aria-label="Enviando..." /> : form.label}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
}

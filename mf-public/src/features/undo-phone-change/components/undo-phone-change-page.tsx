/**
 * /p/desfazer-troca-de-telefone#{token}: the link the old phone received after 'Trocar de telefone'. The token stays
 * in the fragment (never sent to a server, never in a log or a Referer) and the change is undone only when the
 * buyer taps the button: a link preview or a scanner opening the address changes nothing.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import { FormError } from '../../common/components/form-error';
import { undoPhoneChange } from '../api/undo-phone-change';

export const UNDO_PHONE_CHANGE_TEXTS = {
  title: 'Desfazer troca de telefone',
  intro:
    'Alguém trocou o telefone do seu cadastro de comprador. Se não foi você, desfaça a troca: seu cadastro e suas compras voltam para este telefone.',
  submit: 'Desfazer a troca',
  busy: 'Desfazendo a troca',
  done: 'Troca desfeita',
  failed: 'Erro ao desfazer a troca. Tente novamente.',
  phone: (phone: string) => `Telefone do cadastro: ${phone}`,
} as const;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of the address's fragment ('#abc…'), or '' (a link cut short or mangled). */
function tokenOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

export function UndoPhoneChangePage() {
  const { hash } = useLocation();
  // Read after the first render: the server draws the page without the fragment (browsers never send it), and the
  // browser's first render must draw the same.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(tokenOf(hash)), [hash]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; phone: string } | null>(null);
  const valid = token !== null && TOKEN_PATTERN.test(token);
  const error = failure ?? (token !== null && !valid ? BUYER_MESSAGES.undoTokenInvalid : null);

  const submit = async () => {
    if (!valid) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await undoPhoneChange(token);
      setDone({ message: reply.message ?? BUYER_MESSAGES.phoneChangeUndone, phone: reply.data.phone });
    } catch (caught) {
      const problem = readApiError(caught);
      const known = problem.kind === 'http' && problem.status !== undefined && problem.status < 500;
      setFailure(known ? (problem.message ?? UNDO_PHONE_CHANGE_TEXTS.failed) : UNDO_PHONE_CHANGE_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh', py: { xs: 2, md: 4 } }}>
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', px: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {done ? UNDO_PHONE_CHANGE_TEXTS.done : UNDO_PHONE_CHANGE_TEXTS.title}
        </Typography>
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
          <Stack spacing={2}>
            {done ? (
              <>
                <Alert severity="success" role="status">
                  {done.message}
                </Alert>
                <Typography variant="body2">{UNDO_PHONE_CHANGE_TEXTS.phone(done.phone)}</Typography>
              </>
            ) : (
              <>
                <Typography variant="body2">{UNDO_PHONE_CHANGE_TEXTS.intro}</Typography>
                <FormError message={error} />
                <Button
                  variant="contained"
                  size="large"
                  disabled={!valid || busy}
                  onClick={() => void submit()}
                  sx={{ minHeight: 48 }}
                >
                  {busy ? UNDO_PHONE_CHANGE_TEXTS.busy : UNDO_PHONE_CHANGE_TEXTS.submit}
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}

/**
 * The e-mail confirmation dialog (spec "E-mail confirmation dialog"): 'Enviar código', then six single-digit boxes,
 * Cancelar and Confirmar (enabled with all six), and 'Reenviar código' after the countdown. 'Já tenho um código' goes
 * straight to the boxes for a code that already went out (e.g. from the dashboard's modal). Mounted afresh for
 * every opening (the page gives it a new key), so it never shows a previous attempt.
 */
import { useRef, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Stack,
  Typography,
} from '@mui/material';
import type { User } from '@rifaria/shared/types';
import { useEmailCode, type CodeFocus } from '../hooks/use-email-code';
import { CodeBoxes } from './code-boxes';
import { EMAIL_CODE_TEXTS } from './profile-texts';

const TITLE_ID = 'email-code-title';
const CODE_ERROR_ID = 'email-code-error';

export interface EmailCodeDialogProps {
  open: boolean;
  email: string;
  /** Opened from the link in the e-mail: the code is already on its way, so the dialog opens at the boxes. */
  startAtCode: boolean;
  onClose: () => void;
  onVerified: (user: User, message: string) => void;
}

export function EmailCodeDialog({ open, email, startAtCode, onClose, onVerified }: EmailCodeDialogProps) {
  const boxes = useRef<CodeFocus>(null);
  const code = useEmailCode({ startAtCode, onVerified, boxes });
  const busy = code.sending || code.verifying;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.step === 'send') void code.send();
    else void code.verify();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={TITLE_ID} fullWidth maxWidth="xs">
      <DialogTitle id={TITLE_ID}>{EMAIL_CODE_TEXTS.title}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 0 }}>
          {code.step === 'send' ? (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {EMAIL_CODE_TEXTS.sendIntro(email)}
              </Typography>
              <Button
                variant="text"
                size="small"
                onClick={code.skipToCode}
                disabled={code.sending}
                sx={{ textTransform: 'none', px: 0 }}
              >
                {EMAIL_CODE_TEXTS.haveCode}
              </Button>
            </Stack>
          ) : (
            <Stack spacing={2}>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {EMAIL_CODE_TEXTS.codeIntro(email)}
              </Typography>
              {code.notice && (
                <Alert severity={code.notice.severity} role="status">
                  {code.notice.text}
                </Alert>
              )}
              <CodeBoxes
                ref={boxes}
                digits={code.digits}
                onChange={code.changeDigits}
                disabled={code.verifying}
                invalid={Boolean(code.codeError)}
                describedBy={code.codeError ? CODE_ERROR_ID : undefined}
              />
              {code.codeError && (
                <FormHelperText id={CODE_ERROR_ID} error role="alert" sx={{ textAlign: 'center', mt: 0 }}>
                  {code.codeError}
                </FormHelperText>
              )}
              <Box sx={{ textAlign: 'center' }}>
                <Button
                  variant="text"
                  size="small"
                  onClick={() => void code.send()}
                  disabled={code.secondsLeft > 0 || busy}
                  sx={{ textTransform: 'none' }}
                >
                  {code.secondsLeft > 0
                    ? EMAIL_CODE_TEXTS.resendIn(code.secondsLeft)
                    : code.sending
                      ? EMAIL_CODE_TEXTS.resending
                      : EMAIL_CODE_TEXTS.resend}
                </Button>
              </Box>
            </Stack>
          )}
          {code.sendError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {code.sendError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {EMAIL_CODE_TEXTS.cancel}
          </Button>
          {code.step === 'send' ? (
            <Button type="submit" variant="contained" disabled={code.sending}>
              {code.sending ? EMAIL_CODE_TEXTS.sending : EMAIL_CODE_TEXTS.send}
            </Button>
          ) : (
            <Button type="submit" variant="contained" disabled={!code.complete || code.verifying}>
              {code.verifying ? EMAIL_CODE_TEXTS.confirming : EMAIL_CODE_TEXTS.confirm}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

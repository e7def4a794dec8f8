import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { VERIFICATION_MODAL_AUTO_CLOSE_MS } from '@rifaria/shared/constants';
import { paths } from '../../../config/paths';
import { sendVerificationEmail } from '../api/send-verification-email';
import { DASHBOARD_TEXTS } from '../texts';

const TEXTS = DASHBOARD_TEXTS.verification;

/** Spec section 4 "Verification e-mail sending (dashboard)". */
type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

/**
 * 422 (already verified) and 429 (one e-mail a minute) carry a message the organiser can act on; anything else
 * gets the spec's generic text.
 */
function failureMessage(error: unknown): string {
  const { status, message } = readApiError(error);
  return (status === 422 || status === 429) && message ? message : TEXTS.failed;
}

export interface EmailVerificationModalProps {
  open: boolean;
  email?: string;
  onClose: () => void;
  /** Called once the code is on its way (the banner then points to 'Meus Dados'). */
  onSent?: () => void;
  /** Shown under the success texts (the app puts the sandbox mailbox link here). */
  afterSent?: ReactNode;
}

/**
 * The spec's modal, sending for real: the e-mail carries a 6-digit code that is typed in 'Meus Dados'
 * (/perfil?verificar-email=1 opens its code dialog), so the success texts say where to go next.
 */
export function EmailVerificationModal({ open, email, onClose, onSent, afterSent }: EmailVerificationModalProps) {
  const [state, setState] = useState<SendState>({ kind: 'idle' });

  // Every opening starts afresh (a previous error or success is not shown again).
  useEffect(() => {
    if (open) setState({ kind: 'idle' });
  }, [open]);

  // Spec: the modal closes itself 3 s after a successful send.
  useEffect(() => {
    if (state.kind !== 'sent') return undefined;
    const timer = setTimeout(onClose, VERIFICATION_MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state.kind, onClose]);

  const send = async () => {
    setState({ kind: 'sending' });
    try {
      await sendVerificationEmail();
      setState({ kind: 'sent' });
      onSent?.();
    } catch (error) {
      setState({ kind: 'error', message: failureMessage(error) });
    }
  };

  const sending = state.kind === 'sending';
  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : onClose}
      aria-labelledby="email-verification-title"
      fullWidth
      maxWidth={false}
      // 'xs' (444 px) cannot hold the spec's two button labels side by side, so each broke onto two lines.
      slotProps={{ paper: { sx: { maxWidth: 520 } } }}
    >
      <DialogTitle id="email-verification-title">{TEXTS.title}</DialogTitle>
      <DialogContent>
        {state.kind === 'sent' ? (
          <>
            <Alert severity="success" role="status">
              <Typography sx={{ fontWeight: 600 }}>{TEXTS.sent}</Typography>
              <Typography variant="body2">{TEXTS.checkInbox}</Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {TEXTS.codeHint}{' '}
                <Link component={RouterLink} to={paths.profile.getHref({ verifyEmail: true })} sx={{ fontWeight: 600 }}>
                  {TEXTS.enterCode}
                </Link>
              </Typography>
            </Alert>
            {afterSent && <Box sx={{ mt: 2 }}>{afterSent}</Box>}
          </>
        ) : (
          <>
            {/* A long address breaks anywhere rather than running out of the dialog on a phone. */}
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {TEXTS.body(email)}
            </Typography>
            {state.kind === 'error' && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {state.message}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      {state.kind !== 'sent' && (
        // The theme lays these out: one line when they fit (they do in 520 px), else stacked full width with the
        // main action on top.
        <DialogActions>
          <Button onClick={onClose} disabled={sending}>
            {TEXTS.later}
          </Button>
          <Button variant="contained" onClick={send} disabled={sending}>
            {sending ? TEXTS.sending : TEXTS.send}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

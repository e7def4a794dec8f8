import { useCallback, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button } from '@mui/material';
import { useSession } from '@rifaria/shared/session';
import { paths } from '../../../config/paths';
import { DASHBOARD_TEXTS } from '../texts';
import { EmailVerificationModal } from './email-verification-modal';

const TEXTS = DASHBOARD_TEXTS.verification;

/**
 * Shown while the session user's e-mail is unverified, and the way to open the 'Verifique seu email' modal
 * (the spec's dashboard holds the modal with nothing to open it). The session user is refreshed from
 * GET /api/auth/me when the admin area mounts, so an e-mail verified in another tab hides the banner on the next
 * visit. `undefined` (a user stored before the field existed) means unknown: no banner rather than a false alarm.
 * Once a code is sent the banner stays, pointing to 'Meus Dados' where it is typed (the modal closes after 3 s).
 */
export function EmailVerificationBanner({ renderMailboxLink }: { renderMailboxLink?: (email?: string) => ReactNode }) {
  const user = useSession((state) => state.user);
  const [open, setOpen] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const markSent = useCallback(() => setCodeSent(true), []);

  if (!user || user.email_verified_at !== null) return null;
  const enterCodeHref = paths.profile.getHref({ verifyEmail: true });
  return (
    <>
      <Alert
        severity={codeSent ? 'info' : 'warning'}
        // On a phone the button goes under the text, whole, instead of squeezing its label onto two lines.
        sx={{
          mb: 3,
          alignItems: 'center',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiAlert-message': { flex: '1 1 0', minWidth: { xs: '70%', sm: 0 } },
        }}
        action={
          codeSent ? (
            <Button
              component={RouterLink}
              to={enterCodeHref}
              color="inherit"
              size="small"
              variant="outlined"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {TEXTS.sentBannerAction}
            </Button>
          ) : (
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              onClick={() => setOpen(true)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {TEXTS.bannerAction}
            </Button>
          )
        }
      >
        {codeSent ? TEXTS.sentBanner : TEXTS.banner}
        {codeSent && renderMailboxLink && <Box sx={{ mt: 0.5 }}>{renderMailboxLink(user.email)}</Box>}
      </Alert>
      <EmailVerificationModal
        open={open}
        email={user.email}
        onClose={close}
        onSent={markSent}
        afterSent={renderMailboxLink?.(user.email)}
      />
    </>
  );
}

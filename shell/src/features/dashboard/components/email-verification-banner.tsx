import { useCallback, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useSession } from '@rifaria/shared/session';
import { DASHBOARD_TEXTS } from '../texts';
import { EmailVerificationModal } from './email-verification-modal';

const TEXTS = DASHBOARD_TEXTS.verification;

/**
 * Shown while the session user's e-mail is unverified, and the way to open the 'Verifique seu email' modal
 * (the spec's dashboard holds the modal with nothing to open it). The session user is refreshed from
 * GET /api/auth/me when the admin area mounts, so a link confirmed in another tab hides the banner on the next
 * visit. `undefined` (a user stored before the field existed) means unknown: no banner rather than a false alarm.
 */
export function EmailVerificationBanner() {
  const user = useSession((state) => state.user);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  if (!user || user.email_verified_at !== null) return null;
  return (
    <>
      <Alert
        severity="warning"
        // On a phone the button goes under the text, whole, instead of squeezing its label onto two lines.
        sx={{
          mb: 3,
          alignItems: 'center',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& .MuiAlert-message': { flex: '1 1 0', minWidth: { xs: '70%', sm: 0 } },
        }}
        action={
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => setOpen(true)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {TEXTS.bannerAction}
          </Button>
        }
      >
        {TEXTS.banner}
      </Alert>
      <EmailVerificationModal open={open} email={user.email} onClose={close} />
    </>
  );
}

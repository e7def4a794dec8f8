import { Dialog, Stack, Typography } from '@mui/material';
import { ACCOUNT_OPENING_MESSAGES } from '@rifaria/shared/schemas';
import { CheckIcon } from '@rifaria/shared/ui';
import { WIZARD_TEXTS } from './wizard-texts';

/**
 * 'Conta em Processo!'. Full screen and opaque: nothing of the review shows through, and the shell's layout (header,
 * paddings) cannot offset it, since the dialog is portalled to the body. Mounted only once done, so assistive tech
 * never hears of a success that has not happened.
 */
export function SuccessOverlay({ open }: { open: boolean }) {
  return (
    <Dialog
      open={open}
      fullScreen
      aria-labelledby="account-success-title"
      slotProps={{
        paper: {
          sx: {
            background: 'linear-gradient(160deg, #064e3b 0%, #047857 60%, #059669 100%)',
            color: 'common.white',
            alignItems: 'center',
            justifyContent: 'center',
          },
        },
      }}
    >
      <Stack role="status" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', px: 3 }}>
        <CheckIcon sx={{ fontSize: 64 }} aria-hidden="true" />
        <Typography id="account-success-title" variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {ACCOUNT_OPENING_MESSAGES.success}
        </Typography>
        <Typography sx={{ maxWidth: 420 }}>{WIZARD_TEXTS.successBody}</Typography>
      </Stack>
    </Dialog>
  );
}

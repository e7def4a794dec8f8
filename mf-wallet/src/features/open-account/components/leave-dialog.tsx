import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { AccountWizard } from '../hooks/use-account-wizard';
import { WIZARD_TEXTS } from './wizard-texts';

/** Back on the first step with something typed: stay, or leave (the draft stays in the tab). */
export function LeaveDialog({ form }: { form: AccountWizard }) {
  return (
    <Dialog open={form.atGuard && form.dirty} onClose={form.stay} aria-labelledby="account-leave-title">
      <DialogTitle id="account-leave-title">{WIZARD_TEXTS.leaveTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{WIZARD_TEXTS.leaveBody}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={form.leave}>{WIZARD_TEXTS.leave}</Button>
        <Button onClick={form.stay} variant="contained" autoFocus>
          {WIZARD_TEXTS.stay}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

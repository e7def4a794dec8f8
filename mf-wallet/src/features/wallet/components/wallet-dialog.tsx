/** The frame of the wallet's two dialogs ('Depositar', 'Transferir'): the same title with its ×, the same form. */
import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, Stack } from '@mui/material';
import { DialogTitleWithClose, useBackToClose } from '@rifaria/shared/ui';

/** What the dashboard gives each of its dialogs. */
export interface WalletActionProps {
  open: boolean;
  walletId: number;
  onClose: () => void;
  /** Money moved (a deposit paid, a transfer sent or given back): the balance and the history are read again. */
  onMoved: () => void;
}

interface WalletDialogProps {
  open: boolean;
  /** Every way out: the ×, the backdrop, Escape and the browser's Back (which leaves no entry behind). */
  onClose: () => void;
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}

export function WalletDialog({ open, onClose, titleId, title, children }: WalletDialogProps) {
  useBackToClose(open, onClose);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitleWithClose id={titleId} onClose={onClose}>
        {title}
      </DialogTitleWithClose>
      {children}
    </Dialog>
  );
}

interface DialogFormProps {
  onSubmit: () => void;
  onCancel: () => void;
  /** Its buttons' words ('Cancelar', and the dialog's action). */
  texts: { cancel: string; submit: string };
  /** The spinner's name while the request is under way. */
  busyLabel: string;
  submitting: boolean;
  disabled: boolean;
  children: ReactNode;
}

/** A dialog's form: its fields, then the cancel button and the submit button (a spinner while sending). */
export function DialogForm(props: DialogFormProps) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>{props.children}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onCancel}>{props.texts.cancel}</Button>
        <Button type="submit" variant="contained" disabled={props.disabled}>
          {props.submitting ? (
            <CircularProgress size={20} color="inherit" aria-label={props.busyLabel} />
          ) : (
            props.texts.submit
          )}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The frame of a small dialog (the wallet's 'Depositar' and 'Transferir', the WhatsApp instances'): the title with its ×, Back closing it, and a form with 'Cancelar' and its action. */
import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, Stack } from '@mui/material';
import { DialogTitleWithClose } from './dialog-title-with-close';
import { useBackToClose } from './use-back-to-close';

export const CANCEL_LABEL = 'Cancelar';

export interface FormDialogProps {
  open: boolean;
  /** Every way out: the ×, the backdrop, Escape and the browser's Back (which leaves no entry behind). */
  onClose: () => void;
  /** While a request is under way the dialog stays (Back and Escape do nothing). */
  busy?: boolean;
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}

export function FormDialog({ open, onClose, busy = false, titleId, title, children }: FormDialogProps) {
  useBackToClose(open, () => {
    if (busy) return false;
    onClose();
    return undefined;
  });
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitleWithClose id={titleId} onClose={close}>
        {title}
      </DialogTitleWithClose>
      {children}
    </Dialog>
  );
}

export interface DialogFormProps {
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  /** The spinner's name while the request is under way. */
  busyLabel: string;
  submitting: boolean;
  disabled: boolean;
  /** 'Cancelar' stays clickable while the request is under way (by default it is disabled then). */
  cancelWhileSubmitting?: boolean;
  children: ReactNode;
}

/** A dialog's form: its fields, then 'Cancelar' and the submit button (a spinner while sending). */
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
        <Button onClick={props.onCancel} disabled={props.submitting && !props.cancelWhileSubmitting}>
          {CANCEL_LABEL}
        </Button>
        <Button type="submit" variant="contained" disabled={props.disabled || props.submitting}>
          {props.submitting ? (
            <CircularProgress size={20} color="inherit" aria-label={props.busyLabel} />
          ) : (
            props.submitLabel
          )}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * The frame of a dialog (the wallet's 'Depositar' and 'Transferir', the WhatsApp instances', the campaign's publish,
 * cancel, draw and draw-date dialogs): the title (with its × unless `closeButton` is false), Back closing it, and
 * either its own content (DialogForm, or DialogContent and DialogActions) or `children` as the content over `actions`.
 */
import type { FormEvent, ReactNode } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  type SxProps,
  type Theme,
} from '@mui/material';
import { DialogTitleWithClose } from './dialog-title-with-close';
import { useBackToClose } from './use-back-to-close';

export const CANCEL_LABEL = 'Cancelar';

export interface FormDialogProps {
  open: boolean;
  /** Every way out: the ×, the backdrop, Escape and the browser's Back (which leaves no entry behind). */
  onClose: () => void;
  /** While a request is under way the dialog stays (Back, Escape and the backdrop do nothing). */
  busy?: boolean;
  titleId: string;
  title: ReactNode;
  /** 'xs' by default. */
  maxWidth?: 'xs' | 'sm';
  /** The × in the title's corner (default true). */
  closeButton?: boolean;
  /** The buttons under the content: `children` then goes inside DialogContent (with `contentSx`). */
  actions?: ReactNode;
  contentSx?: SxProps<Theme>;
  actionsSx?: SxProps<Theme>;
  /** With `actions`: the content and the actions are a form, submitted by Enter or a submit button. */
  onSubmit?: () => void;
  children: ReactNode;
}

export function FormDialog({
  open,
  onClose,
  busy = false,
  titleId,
  title,
  maxWidth = 'xs',
  closeButton = true,
  actions,
  contentSx,
  actionsSx,
  onSubmit,
  children,
}: FormDialogProps) {
  useBackToClose(open, () => {
    if (busy) return false;
    onClose();
    return undefined;
  });
  const close = () => {
    if (!busy) onClose();
  };
  let body = children;
  if (actions !== undefined) {
    body = (
      <>
        <DialogContent sx={contentSx}>{children}</DialogContent>
        <DialogActions sx={actionsSx}>{actions}</DialogActions>
      </>
    );
    if (onSubmit) body = <FormBox onSubmit={onSubmit}>{body}</FormBox>;
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      {closeButton ? (
        <DialogTitleWithClose id={titleId} onClose={close}>
          {title}
        </DialogTitleWithClose>
      ) : (
        <DialogTitle id={titleId}>{title}</DialogTitle>
      )}
      {body}
    </Dialog>
  );
}

/** A form that validates itself (noValidate) and hands its submit over without the event. */
function FormBox({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Box>
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
    <FormBox onSubmit={props.onSubmit}>
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
    </FormBox>
  );
}

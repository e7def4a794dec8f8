/** Delete confirmation (spec: 'Tem certeza que deseja deletar esta instância?'), then DELETE /whatsapp/instances/{id}. */
import { useEffect } from 'react';
import { Alert, Button, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { WHATSAPP_MESSAGES } from '@rifaria/shared/schemas';
import type { WhatsAppInstance } from '@rifaria/shared/types';
import { FormDialog, toast, useAction } from '@rifaria/shared/ui';
import { deleteInstance } from '../api/delete-instance';
import { whatsappErrorMessage } from '../api/error-message';

export const DELETE_TEXTS = {
  title: 'Deletar instância',
  consequence: 'As mensagens automáticas deixam de sair por este número.',
  cancel: 'Cancelar',
  confirm: 'Deletar',
  busy: 'Deletando...',
  failed: 'Erro ao deletar instância.',
} as const;

interface DeleteInstanceDialogProps {
  open: boolean;
  instance: WhatsAppInstance;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteInstanceDialog({ open, instance, onClose, onDeleted }: DeleteInstanceDialogProps) {
  const { busy: deleting, error, setError, run } = useAction();

  useEffect(() => {
    if (open) setError(null);
  }, [open, setError]);

  const confirm = () =>
    run(
      async () => {
        const reply = await deleteInstance(instance.id);
        toast.success(reply.message ?? WHATSAPP_MESSAGES.deleted);
        onDeleted();
        onClose();
      },
      (failure) => whatsappErrorMessage(failure, DELETE_TEXTS.failed),
    );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={deleting}
      titleId="delete-instance-title"
      title={DELETE_TEXTS.title}
    >
      <DialogContent sx={{ pt: 1 }}>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <DialogContentText>{WHATSAPP_MESSAGES.deleteConfirm}</DialogContentText>
        <DialogContentText sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          <strong>{instance.instance_name}</strong>
          {instance.is_default ? ` · ${DELETE_TEXTS.consequence}` : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={deleting}>
          {DELETE_TEXTS.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={deleting}>
          {deleting ? DELETE_TEXTS.busy : DELETE_TEXTS.confirm}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}

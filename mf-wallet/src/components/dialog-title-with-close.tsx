import type { ReactNode } from 'react';
import { DialogTitle, IconButton } from '@mui/material';
import { CloseIcon } from '@rifaria/shared/ui';

export const CLOSE_DIALOG_LABEL = 'Fechar janela';

/** The title of the wallet dialogs (deposit, transfer), with the same × in the same corner. */
export function DialogTitleWithClose({
  id,
  onClose,
  children,
}: {
  id: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DialogTitle id={id} sx={{ pr: 6 }}>
      {children}
      <IconButton aria-label={CLOSE_DIALOG_LABEL} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}

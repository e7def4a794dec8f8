import type { ReactNode } from 'react';
import { DialogTitle, IconButton } from '@mui/material';
import { CloseIcon } from './icons';

export const CLOSE_DIALOG_LABEL = 'Fechar janela';

/** A dialog's title with the × in the top-right corner (the wallet's deposit and transfer, the buyer's dialogs). */
export function DialogTitleWithClose({
  id,
  onClose,
  children,
  closeLabel = CLOSE_DIALOG_LABEL,
}: {
  id: string;
  onClose: () => void;
  children: ReactNode;
  /** The ×'s accessible name. */
  closeLabel?: string;
}) {
  return (
    // A long name in the title (an instance's, a campaign's) wraps instead of running under the ×.
    <DialogTitle id={id} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
      {children}
      <IconButton aria-label={closeLabel} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}

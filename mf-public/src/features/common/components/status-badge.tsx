import { Chip } from '@mui/material';
import type { PurchaseStatusId } from '@rifaria/shared/types';
import { purchaseStatusColor } from '@rifaria/shared/ui';

/** A purchase's status as the checkout and "Meus números" show it: its name, coloured by its id. */
export function StatusBadge({ status }: { status: { id: PurchaseStatusId; name: string } }) {
  return <Chip label={status.name} color={purchaseStatusColor(status.id)} size="small" sx={{ fontWeight: 700 }} />;
}

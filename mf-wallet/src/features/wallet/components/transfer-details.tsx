import { Box, Typography } from '@mui/material';
import type { TransferRecipient } from '../api/transfers';

/** Label and value pairs of a transfer (confirmation and receipt), as a description list read in order. */
export function TransferDetails({ rows, label }: { rows: [string, string][]; label: string }) {
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'grid', gap: 1.25 }}>
      {rows.map(([term, value]) => (
        <Box key={term}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The labels of a transfer's rows (the confirmation's and the receipt's texts). */
interface TransferRowLabels {
  amount: string;
  recipient: string;
  document: string;
  bank: string;
  key: string;
  description: string;
}

/**
 * A transfer's rows, as the confirmation and the receipt show them: the amount, the recipient when the PSP named one,
 * the key, then `more` (the receipt's date and end-to-end id) and the description when there is one.
 */
export function transferRows(
  labels: TransferRowLabels,
  transfer: {
    formatted_amount: string;
    recipient: TransferRecipient | null;
    pix_key: string;
    pix_key_type_label: string;
    description?: string | null;
  },
  more: [string, string][] = [],
): [string, string][] {
  const rows: [string, string][] = [[labels.amount, transfer.formatted_amount]];
  if (transfer.recipient) {
    const { name, document, bank } = transfer.recipient;
    rows.push([labels.recipient, name], [labels.document, document], [labels.bank, bank]);
  }
  rows.push([labels.key, `${transfer.pix_key} (${transfer.pix_key_type_label})`], ...more);
  if (transfer.description) rows.push([labels.description, transfer.description]);
  return rows;
}

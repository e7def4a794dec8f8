import { Link as RouterLink } from 'react-router-dom';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { formatReais } from '@rifaria/shared/money';
import { paths } from '@rifaria/shared/paths';
import type { MyTickets } from '@rifaria/shared/types';
import { purchaseReceiptUrl, RECEIPT_LINK_TEXT } from '../../common/api/purchase-receipt-url';
import { StatusBadge } from '../../common/components/status-badge';
import { ticketCount } from '../../common/components/ticket-count';
import { TicketNumbers } from '../../common/components/ticket-numbers';

export const PURCHASE_CARD_TEXTS = {
  pay: 'Ir para o pagamento',
  noNumbers: 'Nenhum número reservado nesta compra.',
} as const;

/**
 * One of the buyer's purchases: date, status, count and total, its numbers, 'Ir para o pagamento' if Pendente and
 * 'Baixar comprovante (PDF)' once Pago.
 */
export function PurchaseCard({ purchase }: { purchase: MyTickets['purchases'][number] }) {
  return (
    <Paper
      component="article"
      aria-label={`Compra de ${purchase.purchased_at_formatted}`}
      variant="outlined"
      sx={{ p: 2, borderRadius: 3 }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{purchase.purchased_at_formatted}</Typography>
        <StatusBadge status={purchase.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`${ticketCount(purchase.total_tickets)} · ${formatReais(purchase.total_value)}`}
      </Typography>
      {purchase.tickets.length ? (
        <TicketNumbers
          tickets={purchase.tickets}
          label="Números"
          listSx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
          itemSx={{ px: 1, py: 0.25, borderRadius: 1.5, bgcolor: 'grey.100', fontWeight: 700 }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {PURCHASE_CARD_TEXTS.noNumbers}
        </Typography>
      )}
      {purchase.status.id === PURCHASE_STATUS_ID.pending ? (
        <Button
          component={RouterLink}
          to={paths.checkout.getHref(purchase.purchase_hash)}
          variant="contained"
          color="success"
          size="small"
          sx={{ mt: 1.5 }}
        >
          {PURCHASE_CARD_TEXTS.pay}
        </Button>
      ) : null}
      {purchase.status.id === PURCHASE_STATUS_ID.paid ? (
        <Button
          component="a"
          href={purchaseReceiptUrl(purchase.purchase_hash)}
          download
          variant="outlined"
          size="small"
          sx={{ mt: 1.5 }}
        >
          {RECEIPT_LINK_TEXT}
        </Button>
      ) : null}
    </Paper>
  );
}

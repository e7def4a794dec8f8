import type { Purchase } from '@rifaria/shared/types';
import { TicketNumbers } from '../../common/components/ticket-numbers';
import { CHECKOUT_TEXTS } from './checkout-texts';

export function Tickets({ purchase, large = false }: { purchase: Purchase; large?: boolean }) {
  if (purchase.tickets.length === 0) return null;
  return (
    <TicketNumbers
      tickets={purchase.tickets}
      label={CHECKOUT_TEXTS.tickets}
      listSx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${large ? 84 : 68}px, 1fr))`, gap: 1 }}
      itemSx={{
        textAlign: 'center',
        py: large ? 1 : 0.5,
        borderRadius: 2,
        fontWeight: 800,
        fontSize: large ? '1.25rem' : '1rem',
        bgcolor: large ? 'success.main' : 'grey.100',
        color: large ? 'success.contrastText' : 'text.primary',
        border: large ? 0 : 1,
        borderColor: 'divider',
      }}
    />
  );
}

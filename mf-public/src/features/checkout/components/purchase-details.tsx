/** Below every checkout screen: the purchase summary, the buyer's (masked) data and the organiser's WhatsApp. */
import { Stack, Typography } from '@mui/material';
import { formatReais } from '@rifaria/shared/money';
import type { Purchase } from '@rifaria/shared/types';
import { StatusBadge } from '../../common/components/status-badge';
import { SummaryList } from '../../common/components/summary-list';
import { ticketCount } from '../../common/components/ticket-count';
import { WhatsAppButton, whatsappChatLink } from '../../common/components/whatsapp';
import { Card } from '../../common/components/card';
import { CHECKOUT_TEXTS } from './checkout-texts';

export function Summary({ purchase }: { purchase: Purchase }) {
  return (
    <Card title={CHECKOUT_TEXTS.summary}>
      <SummaryList
        label={CHECKOUT_TEXTS.summary}
        rows={[
          { term: 'Campanha', value: purchase.campaign.title, wide: true },
          { term: 'Status', value: <StatusBadge status={purchase.status} /> },
          { term: 'Quantidade', value: ticketCount(purchase.total_tickets) },
          { term: 'Valor por número', value: formatReais(purchase.campaign.ticket_price) },
          { term: 'Total', value: formatReais(purchase.total_value) },
          { term: 'Data da compra', value: purchase.purchased_at_formatted },
        ]}
      />
    </Card>
  );
}

/**
 * The buyer's masked data. A device that never proved being this buyer (it reserved under someone else's phone, or
 * opened a link sent to the buyer) gets no name from the server: only the phone the purchase is under, and why.
 */
export function BuyerData({ purchase }: { purchase: Purchase }) {
  const { buyer } = purchase;
  const known = buyer.name !== '';
  return (
    <Card title={CHECKOUT_TEXTS.buyer}>
      <SummaryList
        label={CHECKOUT_TEXTS.buyer}
        rows={
          known
            ? [
                { term: 'Nome', value: buyer.name },
                { term: 'Telefone', value: buyer.phone },
                { term: 'CPF', value: buyer.cpf },
                { term: 'E-mail', value: buyer.email ?? 'Não informado' },
              ]
            : [{ term: 'Telefone', value: buyer.phone }]
        }
      />
      {known ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {CHECKOUT_TEXTS.buyerHidden}
        </Typography>
      )}
    </Card>
  );
}

export function HelpLink({ purchase }: { purchase: Purchase }) {
  const link = whatsappChatLink(
    purchase.campaign.organizer.whatsapp,
    `Olá! Preciso de ajuda com minha compra na campanha "${purchase.campaign.title}" (código ${purchase.purchase_hash.slice(0, 8)}).`,
  );
  if (!link) return null;
  return (
    <Card label={CHECKOUT_TEXTS.helpTitle}>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 700 }}>{CHECKOUT_TEXTS.helpTitle}</Typography>
        <WhatsAppButton href={link}>{CHECKOUT_TEXTS.help}</WhatsAppButton>
        <Typography variant="body2" color="text.secondary">
          {`Organizador: ${purchase.campaign.organizer.name}`}
        </Typography>
      </Stack>
    </Card>
  );
}

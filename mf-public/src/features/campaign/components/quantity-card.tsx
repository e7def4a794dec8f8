import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { Card } from '../../common/components/card';
import { ticketCount } from '../../common/components/ticket-count';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { QuantitySelector } from './quantity-selector';

interface Props {
  quantity: number;
  setQuantity: (value: number) => void;
  /** Why the typed quantity is not one, or null (QuantitySelector). */
  setQuantityError: (error: string | null) => void;
  max: number;
  mobile: boolean;
  buyable: boolean;
  total: string;
  link: string;
  /** 'Participar Agora' on wider screens (on phones it is in the bottom bar). */
  action?: ReactNode;
}

/** 'Escolha quantos números quer': the quantity selector, the total and the link to "Meus números". */
export function QuantityCard({
  quantity,
  setQuantity,
  setQuantityError,
  max,
  mobile,
  buyable,
  total,
  link,
  action,
}: Props) {
  return (
    <Card label={CAMPAIGN_TEXTS.chooseTitle}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
          {CAMPAIGN_TEXTS.chooseTitle}
        </Typography>
        <QuantitySelector
          value={quantity}
          onChange={setQuantity}
          onInvalid={setQuantityError}
          max={max}
          mobile={mobile}
          disabled={!buyable}
        />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography color="text.secondary">{`${CAMPAIGN_TEXTS.total} (${ticketCount(quantity)})`}</Typography>
          <Typography sx={{ fontWeight: 800, fontSize: '1.35rem' }}>{total}</Typography>
        </Stack>
        {action}
        <Typography variant="body2" color="text.secondary">
          {CAMPAIGN_TEXTS.drawnByServer}
        </Typography>
        <MyTicketsHint link={link} />
      </Stack>
    </Card>
  );
}

/** 'Já comprou? Meus números': under the quantity selector, and in its place once sales are closed. */
export function MyTicketsHint({ link }: { link: string }) {
  return (
    <Typography variant="body2">
      {`${CAMPAIGN_TEXTS.myTicketsHint} `}
      <Link component={RouterLink} to={paths.myTickets.getHref(link)} sx={{ fontWeight: 700 }}>
        {CAMPAIGN_TEXTS.myTickets}
      </Link>
    </Typography>
  );
}

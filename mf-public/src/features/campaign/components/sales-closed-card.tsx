import { Stack, Typography } from '@mui/material';
import { Card } from '../../common/components/card';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { MyTicketsHint } from './quantity-card';

/**
 * In place of the quantity card once nothing can be bought any more (after the draw): why, and the way to a buyer's
 * numbers. No quantity selector, no 'Participar Agora', no bottom bar.
 */
export function SalesClosedCard({
  message,
  link,
  label = CAMPAIGN_TEXTS.salesClosed,
}: {
  message: string;
  link: string;
  label?: string;
}) {
  return (
    <Card label={label}>
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 700 }}>{message}</Typography>
        <MyTicketsHint link={link} />
      </Stack>
    </Card>
  );
}

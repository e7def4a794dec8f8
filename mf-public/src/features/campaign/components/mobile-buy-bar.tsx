import type { ReactNode } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { QUANTITY_STEP_ATTRIBUTE } from '../../../page/take-over';
import { ticketCount } from '../../common/components/ticket-count';
import { CAMPAIGN_TEXTS } from './campaign-texts';
import { clampQuantity } from './quantity-selector';

interface Props {
  quantity: number;
  setQuantity: (update: (quantity: number) => number) => void;
  max: number;
  buyable: boolean;
  total: string;
  /** 'Participar Agora'. */
  action: ReactNode;
}

/** Phones: the sticky bottom bar with '+1 número', '+10 números', the total and 'Participar Agora'. */
export function MobileBuyBar({ quantity, setQuantity, max, buyable, total, action }: Props) {
  const add = (step: number, label: string) => (
    <Button
      variant="outlined"
      size="small"
      aria-label={label}
      {...{ [QUANTITY_STEP_ATTRIBUTE]: step }}
      disabled={!buyable || quantity >= max}
      onClick={() => setQuantity((q) => clampQuantity(q + step, max))}
      sx={{ minWidth: 52, fontWeight: 700 }}
    >
      {`+${step}`}
    </Button>
  );
  return (
    <Paper
      component="section"
      aria-label="Resumo da compra"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        px: 2,
        pt: 1.5,
        pb: 'calc(12px + env(safe-area-inset-bottom))',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {add(1, CAMPAIGN_TEXTS.stickyAddOne)}
        {add(10, CAMPAIGN_TEXTS.stickyAddTen)}
        <Box sx={{ flex: 1, textAlign: 'right' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {`${CAMPAIGN_TEXTS.total} (${ticketCount(quantity)})`}
          </Typography>
          <Typography sx={{ fontWeight: 800 }} component="p">
            {total}
          </Typography>
        </Box>
      </Stack>
      {action}
    </Paper>
  );
}

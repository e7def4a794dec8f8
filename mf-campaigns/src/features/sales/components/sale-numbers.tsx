/**
 * A sale's numbers in the sales table (issue 30: only the CSV had them): the first five, zero-padded, and '+N' for
 * the rest, which opens the whole list (at most 1.000, asked for that one sale only). A cancelled sale gave its
 * numbers back: '—'.
 */
import { useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogContent, Typography } from '@mui/material';
import { formatInteger } from '@rifaria/shared/format';
import type { Sale } from '@rifaria/shared/types';
import { DialogTitleWithClose, RetryAlert, useBackToClose, useRequest } from '@rifaria/shared/ui';
import { getSaleNumbers } from '../api/get-sale-numbers';

export const SALE_NUMBERS_TEXTS = {
  none: '—',
  more: (count: number) => `+${formatInteger(count)}`,
  moreLabel: (total: number, buyer: string) => `Ver os ${formatInteger(total)} números de ${buyer}`,
  title: (buyer: string) => `Números de ${buyer}`,
  count: (total: number) => (total === 1 ? '1 número' : `${formatInteger(total)} números`),
  loading: 'Carregando números',
  failed: 'Não foi possível carregar os números.',
} as const;

const numbersSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function NumbersDialog({ campaignId, sale, onClose }: { campaignId: string; sale: Sale; onClose: () => void }) {
  const request = useRequest((signal) => getSaleNumbers(campaignId, sale.id, signal), [campaignId, sale.id]);
  useBackToClose(true, onClose);
  return (
    <Dialog open onClose={onClose} aria-labelledby="sale-numbers-title" fullWidth maxWidth="sm">
      <DialogTitleWithClose id="sale-numbers-title" onClose={onClose}>
        {SALE_NUMBERS_TEXTS.title(sale.buyer.name)}
      </DialogTitleWithClose>
      <DialogContent>
        {request.status === 'loading' && <CircularProgress size={24} aria-label={SALE_NUMBERS_TEXTS.loading} />}
        {request.status === 'error' && <RetryAlert onRetry={request.reload}>{SALE_NUMBERS_TEXTS.failed}</RetryAlert>}
        {request.status === 'ready' && request.data && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {SALE_NUMBERS_TEXTS.count(request.data.length)}
            </Typography>
            <Box
              component="ul"
              aria-label={SALE_NUMBERS_TEXTS.title(sale.buyer.name)}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {request.data.map((number) => (
                <Box component="li" key={number} sx={numbersSx}>
                  {number}
                </Box>
              ))}
            </Box>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function SaleNumbers({ campaignId, sale }: { campaignId: string; sale: Sale }) {
  const [open, setOpen] = useState(false);
  const preview = sale.numbers_preview ?? { first: sale.numbers ?? [], more: 0 };
  if (preview.first.length === 0) return <>{SALE_NUMBERS_TEXTS.none}</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75 }}>
      {preview.first.map((number) => (
        <Box component="span" key={number} sx={numbersSx}>
          {number}
        </Box>
      ))}
      {preview.more > 0 && (
        <Button
          size="small"
          onClick={() => setOpen(true)}
          aria-label={SALE_NUMBERS_TEXTS.moreLabel(preview.first.length + preview.more, sale.buyer.name)}
          sx={{ minWidth: 0, px: 0.5, py: 0 }}
        >
          {SALE_NUMBERS_TEXTS.more(preview.more)}
        </Button>
      )}
      {open && <NumbersDialog campaignId={campaignId} sale={sale} onClose={() => setOpen(false)} />}
    </Box>
  );
}

import { useState } from 'react';
import { Box } from '@mui/material';
import { TicketIcon } from '@rifaria/shared/ui';
import { CAMPAIGN_TEXTS } from './campaign-texts';

/** The campaign's banner, or a gradient placeholder when it has none (or the image fails to load). */
export function Banner({ url, title }: { url: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  const frame = {
    width: '100%',
    aspectRatio: '16 / 9',
    maxHeight: 460,
    borderRadius: { xs: 0, md: 3 },
    overflow: 'hidden',
    display: 'block',
  } as const;
  if (url && !failed) {
    return (
      <Box
        component="img"
        src={url}
        alt={`Banner da campanha ${title}`}
        onError={() => setFailed(true)}
        sx={{ ...frame, objectFit: 'cover', bgcolor: 'grey.200' }}
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={CAMPAIGN_TEXTS.bannerPlaceholder}
      sx={{
        ...frame,
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #1b5e20 0%, #2e7d32 45%, #f9a825 100%)',
        color: 'common.white',
      }}
    >
      <TicketIcon sx={{ fontSize: 72, opacity: 0.9 }} />
    </Box>
  );
}

import { useState } from 'react';
import { Box } from '@mui/material';
import { BANNER_IMAGE_SIZES } from '@rifaria/shared/constants';
import type { BannerImage } from '@rifaria/shared/types';
import { TicketIcon } from '@rifaria/shared/ui';
import { CAMPAIGN_TEXTS } from './campaign-texts';

/**
 * The campaign's banner, or a gradient placeholder when it has none (or the image fails to load).
 *
 * It is the page's largest paint on a phone, so it loads first (fetchpriority high, never lazy) and in the lightest
 * format the browser takes (`<picture>`: AVIF, then WebP, then the JPEG `src`). Renders the same on the server: no
 * window or document during render.
 */
export function Banner({ banner, title }: { banner: BannerImage | null; title: string }) {
  const [failed, setFailed] = useState(false);
  const frame = {
    width: '100%',
    aspectRatio: '16 / 9',
    maxHeight: 460,
    borderRadius: { xs: 0, md: 3 },
    overflow: 'hidden',
    display: 'block',
  } as const;
  if (banner && !failed) {
    return (
      <Box component="picture" sx={{ display: 'block' }}>
        {banner.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={BANNER_IMAGE_SIZES} />
        ))}
        <Box
          component="img"
          src={banner.src}
          // The intrinsic size, when known, lets the browser reserve the box before any byte arrives.
          width={banner.width ?? undefined}
          height={banner.height ?? undefined}
          alt={`Banner da campanha ${title}`}
          fetchPriority="high"
          decoding="async"
          onError={() => setFailed(true)}
          // height auto: the height attribute must not size the box, the 16:9 frame does.
          sx={{ ...frame, height: 'auto', objectFit: 'cover', bgcolor: 'grey.200' }}
        />
      </Box>
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

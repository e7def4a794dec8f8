/** What the draft and running cards share: the card (an article named by the campaign) and its labelled figures. */
import type { ReactNode } from 'react';
import { Card, Typography } from '@mui/material';
import type { Campaign } from '@rifaria/shared/types';

export function CampaignCard({ campaign, children }: { campaign: Pick<Campaign, 'name'>; children: ReactNode }) {
  return (
    <Card
      component="article"
      aria-label={campaign.name}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {children}
    </Card>
  );
}

/** A caption and its value right after it. */
export function Figure({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={strong ? { fontWeight: 600 } : undefined}>{children}</Typography>
    </div>
  );
}

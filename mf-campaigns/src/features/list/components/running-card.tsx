/** A card of 'Campanhas em Andamento': goal bar and the REAL raised amount and tickets sold (stats). */
import { Box, Button, CardActions, CardContent, LinearProgress, Link, Typography } from '@mui/material';
import { CAMPAIGN_STATUS_ID } from '@rifaria/shared/constants';
import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { formatBRL, formatInteger } from '@rifaria/shared/format';
import type { Campaign } from '@rifaria/shared/types';
import { campaignGoalCents, formatReais } from '@rifaria/shared/money';
import { CampaignCard, Figure } from './campaign-card';

export interface RunningCardActions {
  onOpenPanel: (campaign: Campaign) => void;
  onEdit: (campaign: Campaign) => void;
  onCancel: (campaign: Campaign) => void;
}

export function RunningCard({ campaign, onOpenPanel, onEdit, onCancel }: { campaign: Campaign } & RunningCardActions) {
  // Issue 32: a campaign suspended by the Rifaria team can be neither cancelled nor drawn here; the card says why.
  const suspended = campaign.status.id === CAMPAIGN_STATUS_ID.suspended;
  const hintId = `cancel-hint-${campaign.id}`;
  const percentage = Math.min(100, Math.max(0, campaign.stats.sales_percentage));
  return (
    <CampaignCard campaign={campaign}>
      <CardContent sx={{ flex: 1 }}>
        <Link
          component="button"
          variant="h6"
          underline="hover"
          color="inherit"
          onClick={() => onOpenPanel(campaign)}
          sx={{ textAlign: 'left', wordBreak: 'break-word' }}
        >
          {campaign.name}
        </Link>
        <LinearProgress
          variant="determinate"
          value={percentage}
          aria-label={`Meta de ${campaign.name}`}
          sx={{ my: 1.5, height: 8, borderRadius: 4 }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <Figure label="Arrecadado" strong>
            {formatReais(campaign.stats.total_revenue)}
          </Figure>
          <Figure label="Meta">{formatBRL(campaignGoalCents(campaign))}</Figure>
          {/* The panel's word for it ('Tickets vendidos'); "tickets" is the spec's own pt-BR term. */}
          <Figure label="Tickets vendidos">
            {formatInteger(campaign.stats.tickets_sold)} / {formatInteger(campaign.total_tickets)}
          </Figure>
        </Box>
      </CardContent>
      {/* Three equal columns: the actions stay on one line from a 320 px phone to a 3-column desktop grid. */}
      <CardActions
        disableSpacing
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, px: 2, pb: 2 }}
      >
        <Button variant="contained" size="small" onClick={() => onOpenPanel(campaign)} sx={{ whiteSpace: 'nowrap' }}>
          Ver Painel
        </Button>
        <Button variant="outlined" size="small" onClick={() => onEdit(campaign)} sx={{ whiteSpace: 'nowrap' }}>
          Editar
        </Button>
        <Button
          variant="outlined"
          color="error"
          size="small"
          onClick={() => onCancel(campaign)}
          disabled={suspended}
          aria-describedby={suspended ? hintId : undefined}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Cancelar
        </Button>
      </CardActions>
      {suspended ? (
        <Typography id={hintId} variant="caption" color="warning.dark" component="p" sx={{ px: 2, pb: 2, mt: -1 }}>
          {CAMPAIGN_MESSAGES.suspendedHint}
        </Typography>
      ) : null}
    </CampaignCard>
  );
}

/** A card of 'Campanhas em Andamento': goal bar and the REAL raised amount and tickets sold (stats). */
import { Box, Button, Card, CardActions, CardContent, LinearProgress, Link, Typography } from '@mui/material';
import { formatBRL, formatInteger } from '@rifaria/shared/format';
import type { Campaign } from '@rifaria/shared/types';
import { campaignGoalCents, formatReais } from '@rifaria/shared/money';

export interface RunningCardActions {
  onOpenPanel: (campaign: Campaign) => void;
  onEdit: (campaign: Campaign) => void;
  onCancel: (campaign: Campaign) => void;
}

export function RunningCard({ campaign, onOpenPanel, onEdit, onCancel }: { campaign: Campaign } & RunningCardActions) {
  const percentage = Math.min(100, Math.max(0, campaign.stats.sales_percentage));
  return (
    <Card
      component="article"
      aria-label={campaign.name}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
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
          <div>
            <Typography variant="caption" color="text.secondary">
              Arrecadado
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{formatReais(campaign.stats.total_revenue)}</Typography>
          </div>
          <div>
            <Typography variant="caption" color="text.secondary">
              Meta
            </Typography>
            <Typography>{formatBRL(campaignGoalCents(campaign))}</Typography>
          </div>
          <div>
            {/* The panel's word for it ('Tickets vendidos'); "tickets" is the spec's own pt-BR term. */}
            <Typography variant="caption" color="text.secondary">
              Tickets vendidos
            </Typography>
            <Typography>
              {formatInteger(campaign.stats.tickets_sold)} / {formatInteger(campaign.total_tickets)}
            </Typography>
          </div>
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
          sx={{ whiteSpace: 'nowrap' }}
        >
          Cancelar
        </Button>
      </CardActions>
    </Card>
  );
}

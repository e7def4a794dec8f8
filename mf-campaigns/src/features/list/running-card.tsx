/** A card of 'Campanhas em Andamento': goal bar and the REAL raised amount and tickets sold (stats). */
import { Box, Button, Card, CardActions, CardContent, LinearProgress, Link, Typography } from '@mui/material';
import { formatBRL, formatInteger } from '@rifaria/shared/format';
import type { Campaign } from '@rifaria/shared/types';
import { formatReais, goalCents } from './money';

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
            <Typography>{formatBRL(goalCents(campaign))}</Typography>
          </div>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {formatInteger(campaign.stats.tickets_sold)} / {formatInteger(campaign.total_tickets)} tickets vendidos
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={() => onOpenPanel(campaign)}>Ver Painel</Button>
        <Button onClick={() => onEdit(campaign)}>Editar</Button>
        <Button color="error" onClick={() => onCancel(campaign)}>
          Cancelar
        </Button>
      </CardActions>
    </Card>
  );
}

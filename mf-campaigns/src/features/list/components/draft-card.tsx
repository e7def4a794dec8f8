/** A card of the 'Rascunhos' section: what was configured, 'Publicar' and the Publicar / Editar / Cancelar menu. */
import { useState } from 'react';
import { Box, Button, CardActions, CardContent, IconButton, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { formatInteger } from '@rifaria/shared/format';
import type { Campaign } from '@rifaria/shared/types';
import { CampaignCard, Figure } from './campaign-card';
import { prizesSummary } from './prizes-summary';
import { formatReais } from '@rifaria/shared/money';

export interface CampaignCardActions {
  onPublish: (campaign: Campaign) => void;
  onEdit: (campaign: Campaign) => void;
  onCancel: (campaign: Campaign) => void;
}

/** Three vertical dots (MUI MoreVert path), inline so the remote needs no icon package. */
function MoreIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
    </svg>
  );
}

export function DraftCard({ campaign, onPublish, onEdit, onCancel }: { campaign: Campaign } & CampaignCardActions) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { shown, more } = prizesSummary(campaign.awards);
  const pick = (action: (campaign: Campaign) => void) => () => {
    setAnchor(null);
    action(campaign);
  };

  return (
    <CampaignCard campaign={campaign}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="h6" component="h3" sx={{ wordBreak: 'break-word' }}>
            {campaign.name}
          </Typography>
          <IconButton
            aria-label={`Mais ações de ${campaign.name}`}
            onClick={(event) => setAnchor(event.currentTarget)}
            size="small"
          >
            <MoreIcon />
          </IconButton>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {campaign.draw_type.description}
        </Typography>
        <Box sx={{ mt: 1.5, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <Figure label="Total de tickets">{formatInteger(campaign.total_tickets)}</Figure>
          <Figure label="Valor do ticket">{formatReais(campaign.ticket_price)}</Figure>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          Prêmios
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {shown.map((award) => (
            <li key={award.id}>
              <Typography variant="body2">
                {award.position}º {award.description}
                {award.value !== null && award.value > 0 ? ` (${formatReais(award.value)})` : ''}
              </Typography>
            </li>
          ))}
        </Box>
        {more && (
          <Typography variant="body2" color="text.secondary">
            {more}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          Carteira: {campaign.wallet?.wallet_type.name ?? '—'}
        </Typography>
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={() => onPublish(campaign)}>
          Publicar
        </Button>
      </CardActions>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(onPublish)}>Publicar</MenuItem>
        <MenuItem onClick={pick(onEdit)}>Editar</MenuItem>
        <MenuItem onClick={pick(onCancel)} sx={{ color: 'error.main' }}>
          Cancelar
        </MenuItem>
      </Menu>
    </CampaignCard>
  );
}

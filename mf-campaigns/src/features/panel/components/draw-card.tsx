/**
 * The panel's draw card: countdown to draw_date; 'Aguardando data' + 'Definir' without a date; 'Tempo Esgotado!'
 * once it has passed, with the draw button named by the draw type, which opens the draw (draw-dialog.tsx). Once
 * drawn: when, and the winners below (draw-winners.tsx). A 'Sorteio Rifaria' shows its commitment from publication
 * on: the SHA-256 of the seed, the same as on the public page.
 */
import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { CAMPAIGN_STATUS_ID, DRAW_TYPE_ID, PRODUCT_NAME } from '@rifaria/shared/constants';
import { formatDateTime } from '@rifaria/shared/format';
import type { Campaign, OrganizerDrawResult } from '@rifaria/shared/types';
import { CopyButton } from '@rifaria/shared/ui';
import { countdownParts, useNow } from '../hooks/countdown';
import { DrawDialog } from './draw-dialog';
import { PanelCard } from './panel-card';

/** After the draw datetime with nothing paid there is nothing to draw: what the organiser can do instead. */
export const NO_PAID_TICKETS_TEXT =
  'Nenhum número foi pago: não há ganhadores a sortear. Defina uma nova data para continuar vendendo, ou cancele a campanha na lista de campanhas.';

/** 'Realizar Sorteio' for the platform's own draw ('Sorteio Rifaria'), 'Incluir Vencedor' for external ones. */
export function drawButtonLabel(drawType: Campaign['draw_type']): string {
  return drawType.description.toLowerCase().includes(PRODUCT_NAME.toLowerCase())
    ? 'Realizar Sorteio'
    : 'Incluir Vencedor';
}

export interface DrawCardProps {
  campaign: Campaign;
  onDefineDate: () => void;
  /** The draw was made: the panel reloads the campaign (now 'Finalizada') and shows the winners. */
  onDrawn: (result: OrganizerDrawResult) => void;
}

/** The commitment of a 'Sorteio Rifaria', as the public page shows it. */
function Commitment({ value }: { value: string }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary" id="draw-commitment-label">
        Compromisso do sorteio (SHA-256 da semente)
      </Typography>
      <Typography
        aria-labelledby="draw-commitment-label"
        sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', my: 0.5 }}
      >
        {value}
      </Typography>
      <CopyButton text={value} label="Copiar compromisso" />
    </Box>
  );
}

function Unit({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ textAlign: 'center', minWidth: 56 }}>
      <Typography variant="h5" component="span" sx={{ fontWeight: 700, display: 'block' }}>
        {String(value).padStart(2, '0')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

export function DrawCard({ campaign, onDefineDate, onDrawn }: DrawCardProps) {
  const target = campaign.draw_date ? new Date(campaign.draw_date) : null;
  const validTarget = target && !Number.isNaN(target.getTime()) ? target : null;
  const drawn = campaign.drawn_at !== null;
  const now = useNow(validTarget && !drawn ? validTarget.getTime() : null);
  const parts = validTarget ? countdownParts(validTarget, now) : null;
  const [drawOpen, setDrawOpen] = useState(false);
  const label = drawButtonLabel(campaign.draw_type);
  const canDraw = campaign.status.id === CAMPAIGN_STATUS_ID.published;

  return (
    <PanelCard id="draw-card-title" title="Sorteio">
      {drawn ? (
        <Stack spacing={1}>
          <Typography variant="h6" component="p" color="success.main">
            Sorteio realizado
          </Typography>
          <Typography color="text.secondary">{formatDateTime(campaign.drawn_at!)}</Typography>
        </Stack>
      ) : !validTarget ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">Aguardando data</Typography>
          <Button variant="contained" onClick={onDefineDate}>
            Definir
          </Button>
        </Stack>
      ) : parts ? (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} role="timer" aria-label="Tempo até o sorteio">
            <Unit value={parts.days} label="dias" />
            <Unit value={parts.hours} label="horas" />
            <Unit value={parts.minutes} label="minutos" />
            <Unit value={parts.seconds} label="segundos" />
          </Stack>
          {campaign.draw_date_formatted && (
            <Typography variant="body2" color="text.secondary">
              {campaign.draw_date_formatted}
            </Typography>
          )}
        </Stack>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h6" component="p" color="error">
            Tempo Esgotado!
          </Typography>
          <Typography color="text.secondary">O sorteio pode ser realizado</Typography>
          {canDraw && campaign.stats.tickets_sold === 0 ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {NO_PAID_TICKETS_TEXT}
              </Typography>
              <Button variant="outlined" onClick={onDefineDate}>
                Definir nova data
              </Button>
            </>
          ) : (
            canDraw && (
              <Button variant="contained" onClick={() => setDrawOpen(true)}>
                {label}
              </Button>
            )
          )}
        </Stack>
      )}
      {campaign.draw_commitment && <Commitment value={campaign.draw_commitment} />}
      {canDraw && !drawn && (
        <DrawDialog
          campaign={campaign}
          federal={campaign.draw_type.id === DRAW_TYPE_ID.federal}
          title={label}
          open={drawOpen}
          onClose={() => setDrawOpen(false)}
          onDrawn={(result) => {
            setDrawOpen(false);
            onDrawn(result);
          }}
        />
      )}
    </PanelCard>
  );
}

/**
 * The panel's draw card: countdown to draw_date; 'Aguardando data' + 'Definir' without a date; 'Tempo Esgotado!'
 * once it has passed, with the draw button named by the draw type. The draw itself arrives with a later issue, so
 * that button says so honestly in a dialog instead of pretending.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { PRODUCT_NAME } from '@rifaria/shared/constants';
import type { Campaign } from '@rifaria/shared/types';
import { countdownParts, useNow } from '../hooks/countdown';

export const DRAW_SOON_TITLE = 'Em breve';
export const DRAW_SOON_TEXT = 'A realização do sorteio será implementada em uma próxima versão da plataforma.';

/** 'Realizar Sorteio' for the platform's own draw ('Sorteio Rifaria'), 'Incluir Vencedor' for external ones. */
export function drawButtonLabel(drawType: Campaign['draw_type']): string {
  return drawType.description.toLowerCase().includes(PRODUCT_NAME.toLowerCase())
    ? 'Realizar Sorteio'
    : 'Incluir Vencedor';
}

export interface DrawCardProps {
  campaign: Campaign;
  onDefineDate: () => void;
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

export function DrawCard({ campaign, onDefineDate }: DrawCardProps) {
  const target = campaign.draw_date ? new Date(campaign.draw_date) : null;
  const validTarget = target && !Number.isNaN(target.getTime()) ? target : null;
  const now = useNow(validTarget ? validTarget.getTime() : null);
  const parts = validTarget ? countdownParts(validTarget, now) : null;
  const [soonOpen, setSoonOpen] = useState(false);

  return (
    <Card variant="outlined" component="section" aria-labelledby="draw-card-title">
      <CardContent>
        <Typography id="draw-card-title" variant="h6" component="h2" gutterBottom>
          Sorteio
        </Typography>
        {!validTarget ? (
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
            <Button variant="contained" onClick={() => setSoonOpen(true)}>
              {drawButtonLabel(campaign.draw_type)}
            </Button>
          </Stack>
        )}
      </CardContent>
      <Dialog open={soonOpen} onClose={() => setSoonOpen(false)} aria-labelledby="draw-soon-title">
        <DialogTitle id="draw-soon-title">{DRAW_SOON_TITLE}</DialogTitle>
        <DialogContent>
          <DialogContentText>{DRAW_SOON_TEXT}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSoonOpen(false)}>Entendi</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

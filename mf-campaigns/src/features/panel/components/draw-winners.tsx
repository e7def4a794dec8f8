/**
 * The winners of a drawn campaign on its panel (GET /api/campaigns/{id}/draw): number, prize, buyer's full name,
 * phone (call or WhatsApp) and e-mail, since the organiser must reach them; and the public result page's link.
 */
import { Box, Button, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { DRAW_MESSAGES } from '@rifaria/shared/schemas';
import type { Campaign, OrganizerDrawWinner } from '@rifaria/shared/types';
import { RetryAlert, useRequest } from '@rifaria/shared/ui';
import { getDrawResult } from '../api/get-draw-result';
import { PanelCard } from './panel-card';

const FEDERAL_SOURCE_LABEL = {
  caixa: 'resultado obtido da Caixa',
  organizer: 'prêmios informados por você',
  sandbox: 'resultado de demonstração, sandbox',
} as const;

export const WINNERS_LOAD_ERROR = 'Erro ao carregar o resultado do sorteio';

/** '(11) 98765-4321' → wa.me/5511987654321. */
const whatsappHref = (phone: string) => `https://wa.me/55${phone.replace(/\D/g, '')}`;

function Winner({ winner }: { winner: OrganizerDrawWinner }) {
  return (
    <ListItem disableGutters divider alignItems="flex-start">
      <ListItemText
        primary={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {winner.position}º prêmio
            </Typography>
            <Typography component="span" sx={{ fontFamily: 'monospace', fontSize: 20, fontWeight: 700 }}>
              {winner.number}
            </Typography>
            <Typography component="span" color="text.secondary">
              {winner.award.description}
            </Typography>
          </Stack>
        }
        secondary={
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            <Box component="span" sx={{ display: 'block', color: 'text.primary' }}>
              {winner.buyer_name}
            </Box>
            <Link href={`tel:+55${winner.buyer_phone.replace(/\D/g, '')}`}>{winner.buyer_phone}</Link>
            {' · '}
            <Link href={whatsappHref(winner.buyer_phone)} target="_blank" rel="noopener noreferrer">
              WhatsApp
            </Link>
            {winner.buyer_email && (
              <>
                {' · '}
                <Link href={`mailto:${winner.buyer_email}`}>{winner.buyer_email}</Link>
              </>
            )}
          </Box>
        }
        slotProps={{ primary: { component: 'div' }, secondary: { component: 'div' } }}
      />
    </ListItem>
  );
}

export function DrawWinners({ campaign }: { campaign: Pick<Campaign, 'id' | 'full_url'> }) {
  const result = useRequest((signal) => getDrawResult(campaign.id, signal), [campaign.id]);

  return (
    <PanelCard id="draw-winners-title" title="Ganhadores">
      {result.status === 'error' && !result.data ? (
        <RetryAlert onRetry={result.reload}>{WINNERS_LOAD_ERROR}</RetryAlert>
      ) : !result.data ? (
        <Stack spacing={1} role="status" aria-label="Carregando ganhadores">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Sorteio realizado em {result.data.drawn_at_formatted} entre {result.data.paid_count} números pagos.
          </Typography>
          {result.data.federal && (
            <Typography variant="body2" color="text.secondary">
              Loteria Federal, concurso {result.data.federal.contest}: {result.data.federal.prizes.join(', ')} (
              {FEDERAL_SOURCE_LABEL[result.data.federal.source]})
            </Typography>
          )}
          {result.data.beacon?.source === 'sandbox' && (
            <Typography variant="body2" color="warning.main">
              Beacon de demonstração (sandbox): não é aleatoriedade pública.
            </Typography>
          )}
          {result.data.winners.length === 0 ? (
            <Typography>{DRAW_MESSAGES.resultNotFound}</Typography>
          ) : (
            <List aria-label="Ganhadores">
              {result.data.winners.map((winner) => (
                <Winner key={winner.position} winner={winner} />
              ))}
            </List>
          )}
          <Button
            component="a"
            href={`${campaign.full_url}/resultado`}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
          >
            Ver resultado público
          </Button>
        </>
      )}
    </PanelCard>
  );
}

/** The campaign panel (/campanhas/{id}/painel) once the campaign is loaded. */
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { campaignStatusColor, CopyButton } from '@rifaria/shared/ui';
import { formatBRL, formatInteger } from '@rifaria/shared/format';
import type { Campaign } from '@rifaria/shared/types';
import { AMENDMENT_MESSAGES, amendmentText } from '@rifaria/shared/schemas';
import { DrawDateModal } from './draw-date-modal';
import { DrawCard } from './draw-card';
import { DrawWinners } from './draw-winners';
import { StatCard } from '../../common/components/stat-card';
import { paths } from '@rifaria/shared/paths';
import { CAMPAIGN_STATUS_ID } from '@rifaria/shared/constants';
import { campaignGoalCents, formatReais } from '@rifaria/shared/money';
import { PanelCard } from './panel-card';

// Lazy: apexcharts is fetched only when a panel with sales is shown.
const SalesChart = lazy(() => import('./sales-chart'));

export const NO_SALES_TEXT = 'Nenhuma venda registrada ainda';

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

export interface CampaignPanelProps {
  campaign: Campaign;
  onRefresh: () => void;
}

export function CampaignPanel({ campaign, onRefresh }: CampaignPanelProps) {
  const [drawDateOpen, setDrawDateOpen] = useState(false);
  const { stats } = campaign;
  const chart = campaign.sales_chart ?? [];
  const hasSales = chart.some((entry) => entry.sales > 0);
  const totalPossibleCents = campaignGoalCents(campaign);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        {/* gap, not margins: a badge wrapped under a long name starts at the name's left edge (issue 30). */}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1">
            {campaign.name}
          </Typography>
          <Chip label={campaign.status.description} color={campaignStatusColor(campaign.status.id)} size="small" />
        </Stack>
        <Stack direction="row" spacing={1}>
          {/* A finished (drawn) or cancelled campaign can no longer be edited: the API refuses it. */}
          {campaign.status.id !== CAMPAIGN_STATUS_ID.finished &&
            campaign.status.id !== CAMPAIGN_STATUS_ID.cancelled && (
              <Button component={RouterLink} to={paths.campaignEdit.getHref(campaign.id)} variant="outlined">
                Editar
              </Button>
            )}
          {/* The spec's 'Afiliados' comes with the growth issue: not shown until it does something (issue 30). */}
          <Button component={RouterLink} to={paths.campaignSales.getHref(campaign.id)} variant="contained">
            Vendas
          </Button>
        </Stack>
      </Stack>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <StatCard
          title="Tickets vendidos"
          value={formatInteger(stats.tickets_sold)}
          caption={`${percent.format(stats.sales_percentage)}% vendido`}
        />
        <StatCard title="Total arrecadado" value={formatReais(stats.total_revenue)} />
        <StatCard title="Tickets disponíveis" value={formatInteger(stats.tickets_available)} />
        <StatCard title="Valor do ticket" value={formatReais(campaign.ticket_price)} />
      </Stack>

      <PanelCard id="sales-chart-title" title="Vendas dos últimos 14 dias">
        {hasSales ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={280} aria-label="Carregando gráfico" />}>
            <SalesChart entries={chart} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">{NO_SALES_TEXT}</Typography>
        )}
      </PanelCard>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Stack spacing={2} sx={{ flex: 1 }}>
          <PanelCard id="campaign-link-title" title="Link da campanha">
            <Typography sx={{ wordBreak: 'break-all', mb: 2 }}>{campaign.full_url}</Typography>
            <Stack direction="row" spacing={1}>
              <CopyButton text={campaign.full_url} label="Copiar link" />
              <Button component="a" href={campaign.full_url} target="_blank" rel="noopener noreferrer">
                Abrir
              </Button>
            </Stack>
          </PanelCard>
          <DrawCard campaign={campaign} onDefineDate={() => setDrawDateOpen(true)} onDrawn={() => onRefresh()} />
          {campaign.drawn_at && <DrawWinners campaign={campaign} />}
        </Stack>

        <PanelCard id="campaign-details-title" title="Detalhes" sx={{ flex: 1 }}>
          <Box
            component="dl"
            sx={{
              m: 0,
              '& dt': { color: 'text.secondary', fontSize: 14 },
              '& dd': { m: 0, mb: 1.5, fontWeight: 600 },
            }}
          >
            <dt>Total de tickets</dt>
            <dd>{formatInteger(campaign.total_tickets)}</dd>
            <dt>Valor do ticket</dt>
            <dd>{formatReais(campaign.ticket_price)}</dd>
            <dt>Valor total possível</dt>
            <dd>{formatBRL(totalPossibleCents)}</dd>
          </Box>
          <Typography variant="subtitle2" component="h3">
            Prêmios
          </Typography>
          <List dense aria-label="Prêmios">
            {[...campaign.awards]
              .sort((a, b) => a.position - b.position)
              .map((award) => (
                <ListItem key={award.id} disableGutters>
                  <ListItemText
                    primary={`${award.position}º ${award.description}`}
                    secondary={award.value ? formatReais(award.value) : undefined}
                  />
                </ListItem>
              ))}
          </List>
          {campaign.has_reservations ? (
            <>
              <Typography variant="subtitle2" component="h3" id="campaign-history-title">
                {AMENDMENT_MESSAGES.historyTitle}
              </Typography>
              {campaign.amendments?.length ? (
                <List dense aria-labelledby="campaign-history-title">
                  {campaign.amendments.map((amendment) => (
                    <ListItem key={amendment.id} disableGutters>
                      <ListItemText primary={amendmentText(amendment)} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary" variant="body2">
                  {AMENDMENT_MESSAGES.historyEmpty}
                </Typography>
              )}
            </>
          ) : null}
        </PanelCard>
      </Stack>

      <Link component={RouterLink} to={paths.campaigns.getHref()}>
        Voltar para Campanhas
      </Link>

      <DrawDateModal
        campaign={campaign}
        open={drawDateOpen}
        onClose={() => setDrawDateOpen(false)}
        onSaved={() => {
          setDrawDateOpen(false);
          onRefresh();
        }}
      />
    </Stack>
  );
}

/**
 * The console's home (GET /api/admin/overview): what needs an operator now (open reports, pending account openings,
 * reconciliation mismatches, each a link to its queue), the active campaigns, the reserved→paid conversion and the
 * 30 days' sales (apexcharts, lazy).
 */
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardActionArea, CardContent, Grid, Paper, Typography } from '@mui/material';
import { formatBRL, formatInteger, formatPercent } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { PageLoader, useRequest } from '@rifaria/shared/ui';
import { ConsolePage } from '../../common/components/console-page';
import { Loaded } from '../../common/components/loaded';
import { SECTIONS } from '../../common/components/sections';
import { getOverview, type Overview } from '../api/get-overview';
import { OverdueDraws } from './overdue-draws';

const OverviewChart = lazy(() => import('./overview-chart'));

export const HOME_TEXTS = {
  title: 'Início',
  what: 'o resumo da operação',
  openReports: 'Denúncias abertas',
  pendingKyc: 'Aberturas de conta pendentes',
  mismatches: 'Divergências na conciliação',
  activeCampaigns: 'Campanhas ativas',
  conversion: 'Conversão reservado → pago',
  todayValue: 'Vendido hoje',
  chart: 'Vendas dos últimos 30 dias',
  noSales: 'Nenhuma venda paga nos últimos 30 dias.',
} as const;

interface Indicator {
  label: string;
  value: (overview: Overview) => string;
  /** The queue the number stands for. */
  to?: string;
}

const INDICATORS: Indicator[] = [
  { label: HOME_TEXTS.openReports, value: (o) => formatInteger(o.open_reports), to: SECTIONS.reports.segment },
  { label: HOME_TEXTS.pendingKyc, value: (o) => formatInteger(o.pending_kyc), to: SECTIONS.kyc.segment },
  { label: HOME_TEXTS.mismatches, value: (o) => formatInteger(o.mismatches), to: SECTIONS.reconciliation.segment },
  {
    label: HOME_TEXTS.activeCampaigns,
    value: (o) => formatInteger(o.active_campaigns),
    to: SECTIONS.campaigns.segment,
  },
  {
    label: HOME_TEXTS.conversion,
    value: (o) =>
      `${formatPercent(o.conversion.rate * 100)} (${formatInteger(o.conversion.paid)} de ${formatInteger(o.conversion.reserved)})`,
  },
  { label: HOME_TEXTS.todayValue, value: (o) => formatBRL(o.days.at(-1)?.sales_value ?? 0) },
];

function IndicatorCard({ indicator, overview }: { indicator: Indicator; overview: Overview }) {
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {indicator.label}
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 800 }}>
        {indicator.value(overview)}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" component="section" aria-label={indicator.label}>
      {indicator.to ? (
        <CardActionArea component={RouterLink} to={paths.admin.getHref(indicator.to)}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

export default function HomePage() {
  const overview = useRequest(getOverview, []);
  return (
    <ConsolePage title={HOME_TEXTS.title}>
      <Loaded state={overview} what={HOME_TEXTS.what}>
        {(data) => (
          <>
            <Grid container spacing={2}>
              {INDICATORS.map((indicator) => (
                <Grid key={indicator.label} size={{ xs: 12, sm: 6, md: 4 }}>
                  <IndicatorCard indicator={indicator} overview={data} />
                </Grid>
              ))}
            </Grid>
            <Paper variant="outlined" component="section" aria-label={HOME_TEXTS.chart} sx={{ p: 2 }}>
              <Typography variant="h6" component="h2">
                {HOME_TEXTS.chart}
              </Typography>
              {data.days.some((day) => day.paid_purchases > 0) ? (
                <Suspense fallback={<PageLoader minHeight={320} />}>
                  <OverviewChart days={data.days} />
                </Suspense>
              ) : (
                <Typography color="text.secondary">{HOME_TEXTS.noSales}</Typography>
              )}
            </Paper>
            <OverdueDraws />
          </>
        )}
      </Loaded>
    </ConsolePage>
  );
}

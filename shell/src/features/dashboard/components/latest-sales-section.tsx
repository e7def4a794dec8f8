import { lazy, Suspense, useState } from 'react';
import { Box, Card, CardContent, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  DASHBOARD_DEFAULT_METRIC,
  DASHBOARD_DEFAULT_PERIOD_DAYS,
  DASHBOARD_PERIODS_DAYS,
} from '@rifaria/shared/constants';
import type { SalesMetric, SalesPeriodDays } from '../api/get-latest-sales';
import { useLatestSales } from '../hooks/use-latest-sales';
import { DASHBOARD_TEXTS } from '../texts';

const TEXTS = DASHBOARD_TEXTS.sales;

// Lazy: apexcharts only downloads when this section actually has a series to draw.
const SalesLineChart = lazy(() => import('./sales-line-chart'));

const CHART_HEIGHT = 300;

/** A small exclusive toggle (metric, period) that never ends up with nothing selected. */
function Choice<T extends string | number>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (next: T) => void;
  options: [T, string][];
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={label}
      onChange={(_, next: T | null) => next !== null && onChange(next)}
    >
      {options.map(([option, text]) => (
        <ToggleButton key={option} value={option}>
          {text}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function ChartPlaceholder({ label }: { label: string }) {
  return <Skeleton variant="rounded" height={CHART_HEIGHT} aria-label={label} role="status" />;
}

/** 'Últimas vendas' (spec "Dashboard"): sales per day, 7/15/30 days, revenue or tickets, with its empty state. */
export function LatestSalesSection() {
  const [days, setDays] = useState<SalesPeriodDays>(DASHBOARD_DEFAULT_PERIOD_DAYS);
  const [metric, setMetric] = useState<SalesMetric>(DASHBOARD_DEFAULT_METRIC);
  const { loading, points } = useLatestSales(days, metric);
  const isEmpty = points.length === 0 || points.every((point) => !point.value);

  let body;
  if (loading) body = <ChartPlaceholder label={TEXTS.loading} />;
  else if (isEmpty)
    body = (
      <Box
        sx={{
          height: CHART_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: 1,
          borderColor: 'divider',
          borderStyle: 'dashed',
          borderRadius: 2,
        }}
      >
        <Typography color="text.secondary">{TEXTS.empty}</Typography>
      </Box>
    );
  else
    body = (
      <Box role="img" aria-label={TEXTS.chart}>
        <Suspense fallback={<ChartPlaceholder label={TEXTS.loading} />}>
          <SalesLineChart points={points} metric={metric} />
        </Suspense>
      </Box>
    );

  return (
    <Card component="section" aria-labelledby="dashboard-latest-sales-title" sx={{ mt: 3 }}>
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'space-between',
            gap: 2,
            mb: 2,
          }}
        >
          <Typography id="dashboard-latest-sales-title" variant="h6" component="h2">
            {TEXTS.title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Choice
              label={TEXTS.metric}
              value={metric}
              onChange={setMetric}
              options={[
                ['revenue', TEXTS.revenueOption],
                ['tickets', TEXTS.ticketsOption],
              ]}
            />
            <Choice
              label={TEXTS.period}
              value={days}
              onChange={setDays}
              options={DASHBOARD_PERIODS_DAYS.map((option) => [option, TEXTS.periodOption(option)])}
            />
          </Box>
        </Box>
        {body}
      </CardContent>
    </Card>
  );
}

/**
 * The only module that imports react-apexcharts (and so apexcharts, ~500 kB). It is loaded with React.lazy by
 * latest-sales-section.tsx, so the chart library is a chunk of its own that /login and the other pages never fetch.
 */
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { useTheme } from '@mui/material/styles';
import { formatBRL, formatInteger } from '@rifaria/shared/format';
import type { LatestSalesPoint } from '@rifaria/shared/types';
import type { SalesMetric } from '../api/get-latest-sales';
import { DASHBOARD_TEXTS } from '../texts';

const TEXTS = DASHBOARD_TEXTS.sales;

/** 'YYYY-MM-DD' (a São Paulo day) → 'Dia 14'. Read from the string, never through Date, so no time zone shifts it. */
export function dayLabel(day: string): string {
  const dayOfMonth = Number(day.slice(8, 10));
  return TEXTS.day(Number.isFinite(dayOfMonth) ? dayOfMonth : 0);
}

/** Revenue comes in reais (the latest-sales contract) while formatBRL takes centavos. */
export function formatSalesValue(metric: SalesMetric, value: number): string {
  return metric === 'revenue' ? formatBRL(Math.round(value * 100)) : formatInteger(value);
}

export interface SalesLineChartProps {
  points: LatestSalesPoint[];
  metric: SalesMetric;
}

export default function SalesLineChart({ points, metric }: SalesLineChartProps) {
  const theme = useTheme();
  const seriesName = metric === 'revenue' ? TEXTS.revenueLabel : TEXTS.ticketsLabel;
  const format = (value: number) => formatSalesValue(metric, value);

  const options: ApexOptions = {
    chart: {
      type: 'line',
      toolbar: { show: false },
      zoom: { enabled: false },
      fontFamily: 'inherit',
      animations: { enabled: false },
    },
    colors: [theme.palette.primary.main],
    stroke: { curve: 'smooth', width: 3 },
    markers: { size: 3 },
    dataLabels: { enabled: false },
    grid: { borderColor: theme.palette.divider },
    xaxis: {
      categories: points.map((point) => dayLabel(point.day)),
      tooltip: { enabled: false },
      labels: { hideOverlappingLabels: true, rotate: 0 },
    },
    yaxis: {
      min: 0,
      // Tickets are whole numbers: no '0,5' ticks on a small series.
      forceNiceScale: true,
      labels: { formatter: (value: number) => format(value) },
    },
    tooltip: { y: { formatter: (value: number) => format(value) } },
  };

  return (
    <Chart
      type="line"
      height={300}
      options={options}
      series={[{ name: seriesName, data: points.map((point) => point.value) }]}
    />
  );
}

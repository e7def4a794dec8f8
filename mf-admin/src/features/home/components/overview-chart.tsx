/**
 * The 30 days' sales value and paid purchases, one line each. The only module of the console that imports
 * react-apexcharts (~500 kB): the home loads it with React.lazy. Tests mock it.
 */
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { formatBRL, formatInteger } from '@rifaria/shared/format';
import type { OverviewDay } from '../api/get-overview';

export const CHART_SERIES = { value: 'Valor vendido', purchases: 'Compras pagas' } as const;

/** 'YYYY-MM-DD' → 'DD/MM', read from the string (no time zone shifts it). */
export function dayLabel(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

export default function OverviewChart({ days }: { days: OverviewDay[] }) {
  const options: ApexOptions = {
    chart: { type: 'line', fontFamily: 'inherit', toolbar: { show: false }, zoom: { enabled: false } },
    stroke: { curve: 'smooth', width: 3 },
    dataLabels: { enabled: false },
    xaxis: { categories: days.map((day) => dayLabel(day.day)), tickAmount: 10 },
    yaxis: [
      {
        seriesName: CHART_SERIES.value,
        min: 0,
        labels: { formatter: (value: number) => formatBRL(Math.round(value)) },
      },
      {
        seriesName: CHART_SERIES.purchases,
        opposite: true,
        min: 0,
        forceNiceScale: true,
        labels: { formatter: (value: number) => formatInteger(Math.round(value)) },
      },
    ],
  };
  return (
    <Chart
      type="line"
      height={320}
      options={options}
      series={[
        { name: CHART_SERIES.value, data: days.map((day) => day.sales_value) },
        { name: CHART_SERIES.purchases, data: days.map((day) => day.paid_purchases) },
      ]}
    />
  );
}

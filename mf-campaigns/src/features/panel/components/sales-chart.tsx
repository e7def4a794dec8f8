/**
 * The 14-day bar chart. Its own module so the page loads it with React.lazy: apexcharts (~500 kB) is downloaded
 * only by the panel, never by the list. Tests mock this module.
 */
import Chart from 'react-apexcharts';
import type { SalesChartEntry } from '@rifaria/shared/types';
import { formatInteger } from '@rifaria/shared/format';

export interface SalesChartProps {
  entries: SalesChartEntry[];
}

/** 'YYYY-MM-DD' (already a São Paulo day) → 'DD/MM' without going through Date and the machine's zone. */
function dayLabel(date: string): string {
  const [, month = '', day = ''] = date.split('-');
  return `${day}/${month}`;
}

export default function SalesChart({ entries }: SalesChartProps) {
  return (
    <Chart
      type="bar"
      height={280}
      series={[{ name: 'Vendas', data: entries.map((entry) => entry.sales) }]}
      options={{
        chart: { toolbar: { show: false }, fontFamily: 'inherit' },
        xaxis: { categories: entries.map((entry) => dayLabel(entry.date)) },
        yaxis: { labels: { formatter: (value: number) => formatInteger(Math.round(value)) } },
        dataLabels: { enabled: false },
        plotOptions: { bar: { borderRadius: 4, columnWidth: '55%' } },
        tooltip: { y: { formatter: (value: number) => `${formatInteger(value)} tickets` } },
        noData: { text: 'Nenhuma venda registrada ainda' },
      }}
    />
  );
}

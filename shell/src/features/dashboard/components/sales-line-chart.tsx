/**
 * The only module that imports react-apexcharts (and so apexcharts, ~500 kB). It is loaded with React.lazy by
 * latest-sales-section.tsx, so the chart library is a chunk of its own that /login and the other pages never fetch.
 */
import { useEffect, useRef, useState } from 'react';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { useTheme } from '@mui/material';
import { formatInteger } from '@rifaria/shared/format';
import type { LatestSalesPoint } from '@rifaria/shared/types';
import type { SalesMetric } from '../api/get-latest-sales';
import { DASHBOARD_TEXTS } from '../texts';
import { formatReais } from '@rifaria/shared/money';

const TEXTS = DASHBOARD_TEXTS.sales;

/** 'YYYY-MM-DD' (a São Paulo day) → 'Dia 14'. Read from the string, never through Date, so no time zone shifts it. */
export function dayLabel(day: string): string {
  const dayOfMonth = Number(day.slice(8, 10));
  return TEXTS.day(Number.isFinite(dayOfMonth) ? dayOfMonth : 0);
}

/** Revenue comes in reais (the latest-sales contract) while formatBRL takes centavos. */
export function formatSalesValue(metric: SalesMetric, value: number): string {
  return metric === 'revenue' ? formatReais(value) : formatInteger(value);
}

/** Room one x-axis label needs ('Dia 30' at 12 px, plus the gap that keeps two apart). */
const DAY_LABEL_SLOT_PX = 56;
/** What the y-axis labels ('R$ 1.200,00') and the paddings take from the chart's width. */
const Y_AXIS_PX = 88;
/** Before the first measure (and in jsdom): a desktop card. */
const DEFAULT_WIDTH_PX = 1000;

/**
 * Every how many days an x-axis label is drawn so the labels never crowd a chart `width` px wide (30 labels do
 * not fit a phone, nor a laptop). ApexCharts' own hideOverlappingLabels drops labels from the END, so the last
 * day, today, was the one hidden: the labels are chosen here instead, counted back from today (see showsDayLabel).
 */
export function dayLabelStep(count: number, width: number): number {
  const fit = Math.max(2, Math.floor((width - Y_AXIS_PX) / DAY_LABEL_SLOT_PX));
  return Math.max(1, Math.ceil(count / fit));
}

/** Whether the point at `index` of `count` carries its label: today always, then every `step` days before it. */
export function showsDayLabel(index: number, count: number, step: number): boolean {
  return (count - 1 - index) % step === 0;
}

/** The chart's width, followed as the window or the layout changes it. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH_PX);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export interface SalesLineChartProps {
  points: LatestSalesPoint[];
  metric: SalesMetric;
}

export default function SalesLineChart({ points, metric }: SalesLineChartProps) {
  const theme = useTheme();
  const { ref, width } = useWidth();
  const labels = points.map((point) => dayLabel(point.day));
  const step = dayLabelStep(points.length, width);
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
      categories: labels,
      tooltip: { enabled: false },
      // 'between' keeps a true category axis: with 'on' ApexCharts turns a line chart's categories into a numeric
      // axis and calls the formatter without the category's index.
      tickPlacement: 'between',
      labels: {
        // The spacing is decided by showsDayLabel; ApexCharts' own thinning would drop today again.
        hideOverlappingLabels: false,
        rotate: 0,
        // ApexCharts passes the category's index as `i` when it draws the axis.
        formatter: (value: string | number, _timestamp?: number, options?: Record<string, unknown>) =>
          typeof options?.i !== 'number' || showsDayLabel(options.i, labels.length, step) ? String(value) : '',
      },
    },
    yaxis: {
      min: 0,
      // Tickets are whole numbers: no '0,5' ticks on a small series.
      forceNiceScale: true,
      labels: { formatter: (value: number) => format(value) },
    },
    // The tooltip names every day, labelled on the axis or not.
    tooltip: {
      x: {
        formatter: (value: number | string, options?: { dataPointIndex?: number }) =>
          labels[options?.dataPointIndex ?? -1] ?? String(value),
      },
      y: { formatter: (value: number) => format(value) },
    },
  };

  return (
    <div ref={ref}>
      <Chart
        type="line"
        height={300}
        options={options}
        series={[{ name: seriesName, data: points.map((point) => point.value) }]}
      />
    </div>
  );
}

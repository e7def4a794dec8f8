import { render } from '@testing-library/react';
import type { ApexOptions } from 'apexcharts';
import type { LatestSalesPoint } from '@rifaria/shared/types';
import SalesLineChart, { dayLabelStep, showsDayLabel } from '../components/sales-line-chart';

// The options the dashboard hands ApexCharts, captured instead of drawn (jsdom has no SVG layout).
const drawn: ApexOptions[] = [];
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: ({ options }: { options: ApexOptions }) => {
    drawn.push(options);
    return null;
  },
}));

/** `days` points ending today, 2026-11-30. */
function lastDays(days: number): LatestSalesPoint[] {
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 30 - (days - 1 - index)));
    return { day: date.toISOString().slice(0, 10), value: index };
  });
}

/** The x-axis labels as ApexCharts would draw them, at a chart `width` px wide ('' = not drawn). */
function axisLabels(days: number, width: number): string[] {
  const clientWidth = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  drawn.length = 0;
  render(<SalesLineChart points={lastDays(days)} metric="revenue" />);
  clientWidth.mockRestore();
  const options = drawn.at(-1)!;
  const categories = options.xaxis!.categories as string[];
  const formatter = options.xaxis!.labels!.formatter!;
  return categories.map((category, i) => formatter(category, undefined, { i } as never) as string);
}

describe('Últimas vendas: the x-axis labels', () => {
  it.each([
    ['a laptop (1366 px window)', 1000],
    ['a phone (390 px window)', 326],
  ])('should draw 30 days on %s without crowding, today included', (_, width) => {
    const labels = axisLabels(30, width);
    const shown = labels.filter(Boolean);
    expect(labels.at(-1)).toBe('Dia 30');
    // Every label has room for 'Dia 30' and a gap: at most one per 56 px of the chart.
    expect(shown.length).toBeLessThanOrEqual(Math.floor(width / 56));
    expect(shown.length).toBeGreaterThanOrEqual(3);
    // Evenly spaced, counted back from today.
    const positions = labels.flatMap((label, i) => (label ? [i] : []));
    const gaps = new Set(positions.slice(1).map((position, k) => position - positions[k]!));
    expect(gaps.size).toBe(1);
  });

  it('should label every day of a week on a laptop, and the tooltip names every day', () => {
    expect(axisLabels(7, 1000)).toEqual(['Dia 24', 'Dia 25', 'Dia 26', 'Dia 27', 'Dia 28', 'Dia 29', 'Dia 30']);
    const tooltip = drawn.at(-1)!.tooltip!.x!.formatter!;
    expect(tooltip(3, { dataPointIndex: 2 } as never)).toBe('Dia 26');
  });

  it('should count the step from the width and keep today on every step', () => {
    expect(dayLabelStep(30, 1000)).toBe(2);
    expect(dayLabelStep(30, 326)).toBeGreaterThan(3);
    expect(dayLabelStep(7, 1000)).toBe(1);
    expect(showsDayLabel(29, 30, 7)).toBe(true);
    expect(showsDayLabel(22, 30, 7)).toBe(true);
    expect(showsDayLabel(28, 30, 7)).toBe(false);
  });
});

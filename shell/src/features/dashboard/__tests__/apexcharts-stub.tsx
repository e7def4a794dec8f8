/**
 * Stand-in for react-apexcharts in jsdom (ApexCharts needs SVG layout jsdom lacks). It renders what the real
 * chart would put in its x-axis and tooltip — category, series name and the formatted value — so tests check the
 * options the dashboard builds, not the library.
 */
import type { Props } from 'react-apexcharts';

export default function ChartStub({ options, series }: Props) {
  const categories = (options?.xaxis?.categories ?? []) as string[];
  const [first] = (series ?? []) as { name: string; data: number[] }[];
  const format = options?.tooltip?.y && !Array.isArray(options.tooltip.y) ? options.tooltip.y.formatter : undefined;
  const axisFormat = options?.yaxis && !Array.isArray(options.yaxis) ? options.yaxis.labels?.formatter : undefined;
  return (
    <ul aria-label="Gráfico (simulado)">
      {categories.map((category, index) => {
        const value = first?.data[index] ?? 0;
        return (
          <li key={category}>
            {`${category} · ${first?.name}: ${format ? format(value, {} as never) : value} · eixo ${
              axisFormat ? axisFormat(value) : value
            }`}
          </li>
        );
      })}
    </ul>
  );
}

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SalesOverview } from '#shared/schemas/reports.ts';

const HEIGHT = 220;
const HALF_DAY = 43_200;
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Revenue of paid orders per day as bars (uPlot, drawn on a canvas; the numbers are in a table beside it). */
export function RevenueChart({ days }: { days: SalesOverview['revenueByDay'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const times = days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        // Half a day either side, so that the first and the last day's bars show whole.
        scales: {
          x: { time: true, range: (_, min, max) => [min - HALF_DAY, max + HALF_DAY] },
          y: { range: (_, __, max) => [0, Math.max(max, 1) * 1.1] },
        },
        axes: [
          { stroke: '#4b5563', grid: { show: false } },
          { stroke: '#4b5563', size: 64, values: (_, ticks) => ticks.map((tick) => dollars.format(tick)) },
        ],
        series: [
          {},
          {
            label: 'Revenue',
            fill: '#f59e0b',
            stroke: '#b45309',
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [times, days.map((day) => day.revenue)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return <div ref={box} aria-hidden="true" className="min-h-[220px] w-full" />;
}

import 'uplot/dist/uPlot.min.css';
import type { UserStats } from '@globetrail/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

/**
 * Points (bars' line) and rounds over time, with uPlot (about 50 KB, loaded only when a profile's stats
 * open). Buckets are days, ISO weeks or months, placed at their first day.
 */
export default function StatsChart({ series, labels }: { series: UserStats['series']; labels: { points: string; games: string } }) {
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container || series.length === 0) return;
    const x = series.map((point) => bucketStart(point.bucket) / 1000);
    const chart = new uPlot(
      {
        width: container.clientWidth || 480,
        height: 180,
        cursor: { drag: { x: false, y: false } },
        legend: { show: true },
        scales: { x: { time: true }, points: { auto: true }, games: { auto: true } },
        axes: [{ stroke: '#9aa4b2' }, { scale: 'points', stroke: '#9aa4b2' }, { scale: 'games', side: 1, stroke: '#9aa4b2', grid: { show: false } }],
        series: [
          {},
          { label: labels.points, scale: 'points', stroke: '#e40a0a', width: 2, points: { show: true } },
          { label: labels.games, scale: 'games', stroke: '#4d8fe0', width: 2, points: { show: true } },
        ],
      },
      [x, series.map((point) => point.points), series.map((point) => point.games)],
      container,
    );
    const resize = () => chart.setSize({ width: container.clientWidth, height: 180 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [series, labels.points, labels.games]);
  return <div ref={containerRef} className="stats-chart" data-testid="stats-chart" />;
}

/** The first instant of a bucket: `2026-11-26`, `2026-W48` (its Monday) or `2026-11`. */
function bucketStart(bucket: string): number {
  const week = /^(\d{4})-W(\d{2})$/.exec(bucket);
  if (week) {
    const jan4 = Date.UTC(Number(week[1]), 0, 4);
    const monday = jan4 - (((new Date(jan4).getUTCDay() || 7) - 1) * 86_400_000);
    return monday + (Number(week[2]) - 1) * 7 * 86_400_000;
  }
  return Date.parse(bucket.length === 7 ? `${bucket}-01T00:00:00Z` : `${bucket}T00:00:00Z`);
}

import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label–value pairs as a description list, laid out as a grid of tiles. */
export function StatList({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="stat-list">
      {stats.map((stat) => (
        <div key={stat.label} className="stat-list__item">
          <dt>{stat.label}</dt>
          <dd data-testid={stat.testId}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

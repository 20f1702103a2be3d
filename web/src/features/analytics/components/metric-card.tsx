import type { ReactNode } from 'react';
import { ChangeBadge } from './change-badge.tsx';

interface MetricCardProps {
  label: string;
  value: string;
  testId: string;
  /** Percent against the previous window (null: new in this one); left out for figures without one. */
  change?: number | null;
  /** A line under the figure (the industry average beside the engagement rate). */
  note?: ReactNode;
}

/** One headline figure of the Overview tab. */
export function MetricCard({ label, value, testId, change, note }: MetricCardProps) {
  return (
    <div className="analytics-metric card" data-testid={testId}>
      <span className="analytics-metric__label">{label}</span>
      <strong className="analytics-metric__value" data-testid={`${testId}-value`}>
        {value}
      </strong>
      {change !== undefined && <ChangeBadge change={change} testId={`${testId}-change`} />}
      {note}
    </div>
  );
}

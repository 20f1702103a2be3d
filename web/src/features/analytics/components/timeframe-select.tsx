import { useId } from 'react';
import { ANALYTICS_TIMEFRAMES, type AnalyticsTimeframe } from '@myworld/schemas';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';
import { TIMEFRAME_OPTIONS } from '../lib/analytics-tabs.ts';

const isTimeframe = (value: string): value is AnalyticsTimeframe =>
  (ANALYTICS_TIMEFRAMES as readonly string[]).includes(value);

/** The timeframe selector (24h, 7d, 30d, 90d). */
export function TimeframeSelect({
  value,
  onChange,
}: {
  value: AnalyticsTimeframe;
  onChange: (timeframe: AnalyticsTimeframe) => void;
}) {
  const id = useId();
  return (
    <div className="analytics-timeframe">
      <label htmlFor={id} className="visually-hidden">
        {ANALYTICS_TEXTS.timeframe}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        onChange={(e) => isTimeframe(e.target.value) && onChange(e.target.value)}
        data-testid="analytics-timeframe"
      >
        {TIMEFRAME_OPTIONS.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
      </select>
    </div>
  );
}

import { ANALYTICS_TIMEFRAMES, type AnalyticsTimeframe } from '@myworld/schemas';

export type AnalyticsTabId = 'overview' | 'top-content' | 'audience' | 'insights';

/** The four tabs, in order. */
export const ANALYTICS_TABS: ReadonlyArray<{ readonly id: AnalyticsTabId; readonly label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'top-content', label: 'Top Content' },
  { id: 'audience', label: 'Audience' },
  { id: 'insights', label: 'AI Insights' },
];

const TIMEFRAME_LABELS: Record<AnalyticsTimeframe, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

/** The timeframes (24h, 7d, 30d, 90d), as the selector offers them. */
export const TIMEFRAME_OPTIONS = ANALYTICS_TIMEFRAMES.map((id) => ({ id, label: TIMEFRAME_LABELS[id] }));

import type { AnalyticsTimeframe } from '@myworld/schemas';

/** A chart point's label: its hour over the last 24 hours ("14:00"), its day otherwise ("Nov 26"). */
export function pointLabel(at: string, timeframe: AnalyticsTimeframe): string {
  const date = new Date(at);
  return timeframe === '24h'
    ? date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false })
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

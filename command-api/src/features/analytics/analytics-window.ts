import { TIMEFRAME_HOURS, type AnalyticsTimeframe } from '@myworld/schemas';
import type { HourSpan } from '@myworld/projections';

const HOUR_MS = 3_600_000;

/** The hours an analytics answer covers, and how its chart splits them. */
export interface AnalyticsWindow {
  /** The timeframe's whole hours, ending where the figures stand. */
  readonly current: HourSpan;
  /** The same length just before, for the changes. */
  readonly previous: HourSpan;
  /** The chart's points: one per hour for 24h, one per day for longer timeframes. */
  readonly points: readonly HourSpan[];
}

/**
 * The read models count by the hour, so a window is whole hours. Now: up to the end of the
 * current hour (everything so far counts). As of a time: up to the start of that time's hour, so
 * nothing after asOf counts (the rest of its hour waits for the next whole hour).
 */
export function analyticsWindow(timeframe: AnalyticsTimeframe, asOf: Date | null, now: Date): AnalyticsWindow {
  const hours = TIMEFRAME_HOURS[timeframe];
  const end = asOf ? floorHour(asOf) : floorHour(now) + HOUR_MS;
  const start = end - hours * HOUR_MS;
  const pointHours = timeframe === '24h' ? 1 : 24;
  const points: HourSpan[] = [];
  for (let at = start; at < end; at += pointHours * HOUR_MS)
    points.push({ from: new Date(at), to: new Date(at + pointHours * HOUR_MS) });
  return {
    current: { from: new Date(start), to: new Date(end) },
    previous: { from: new Date(start - hours * HOUR_MS), to: new Date(start) },
    points,
  };
}

function floorHour(at: Date): number {
  return Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
}

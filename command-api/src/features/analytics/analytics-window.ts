import { TIMEFRAME_HOURS, type AnalyticsTimeframe } from '@myworld/schemas';
import type { HourSpan } from '@myworld/projections';
import { localMidnightHour } from './local-days.ts';

const HOUR_MS = 3_600_000;

/** The hours an analytics answer covers, and how its chart splits them. */
export interface AnalyticsWindow {
  /** The timeframe's whole hours, ending where the figures stand. */
  readonly current: HourSpan;
  /** The same length just before, for the changes. */
  readonly previous: HourSpan;
  /** The chart's points: one per hour for 24h, one per day of the viewer's calendar for longer timeframes. */
  readonly points: readonly HourSpan[];
}

/**
 * The read models count by the hour, so a window is whole hours. Now: up to the end of the
 * current hour (everything so far counts). As of a time: up to the start of that time's hour, so
 * nothing after asOf counts (the rest of its hour waits for the next whole hour).
 *
 * 24h is the last 24 hours, an hour a point. Longer timeframes are days of the viewer's calendar
 * (`timeZone`): 7d is today so far and the 6 days before, each point one local day, so today's
 * views are under today's date wherever the viewer is. The previous window is as long, just before.
 */
export function analyticsWindow(
  timeframe: AnalyticsTimeframe,
  asOf: Date | null,
  now: Date,
  timeZone = 'UTC',
): AnalyticsWindow {
  const end = asOf ? floorHour(asOf) : floorHour(now) + HOUR_MS;
  const points: HourSpan[] = [];
  if (timeframe === '24h') {
    for (let at = end - TIMEFRAME_HOURS['24h'] * HOUR_MS; at < end; at += HOUR_MS)
      points.push({ from: new Date(at), to: new Date(at + HOUR_MS) });
  } else {
    // The day holding the window's last hour is today (end - 1 ms: an end at midnight closes the day before).
    const days = TIMEFRAME_HOURS[timeframe] / 24;
    const dayStarts = Array.from({ length: days }, (_, i) => localMidnightHour(end - 1, timeZone, days - 1 - i));
    dayStarts.forEach((from, i) => points.push({ from: new Date(from), to: new Date(dayStarts[i + 1] ?? end) }));
  }
  const start = points[0]!.from.getTime();
  return {
    current: { from: new Date(start), to: new Date(end) },
    previous: { from: new Date(start - (end - start)), to: new Date(start) },
    points,
  };
}

function floorHour(at: Date): number {
  return Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
}

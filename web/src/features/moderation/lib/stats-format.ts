import type { ReportStatsBucket } from '@myworld/schemas';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A time to resolution for people: "under a minute", "45 min", "3.5 h", "2.1 days". */
export function formatDuration(seconds: number): string {
  if (seconds < MINUTE) return 'under a minute';
  if (seconds < HOUR) return `${Math.round(seconds / MINUTE)} min`;
  if (seconds < DAY) return `${trim(seconds / HOUR)} h`;
  const days = trim(seconds / DAY);
  return `${days} ${days === '1' ? 'day' : 'days'}`;
}

const trim = (n: number) => (Math.round(n * 10) / 10).toString();

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A bucket's axis label: its UTC day ("Mar 3"), or "Week of Mar 3". */
export const bucketLabel = (start: string, bucket: ReportStatsBucket): string =>
  bucket === 'day' ? dayLabel.format(new Date(start)) : `Week of ${dayLabel.format(new Date(start))}`;

const DAY_MS = DAY * 1000;

/** The stats window of the last `days` days, through the end of today (UTC), so today's bucket is whole. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = (Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS;
  return { from: new Date(to - days * DAY_MS).toISOString(), to: new Date(to).toISOString() };
}

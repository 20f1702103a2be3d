import { z } from 'zod';
import { parseBirthDate } from '../accounts/rules.ts';

/** The analytics timeframes (24h, 7d, 30d, 90d); 7d when none is asked for. */
export const ANALYTICS_TIMEFRAMES = ['24h', '7d', '30d', '90d'] as const;
export const analyticsTimeframe = z.enum(ANALYTICS_TIMEFRAMES, { error: 'timeframe must be 24h, 7d, 30d or 90d' });
export type AnalyticsTimeframe = z.infer<typeof analyticsTimeframe>;
export const DEFAULT_ANALYTICS_TIMEFRAME: AnalyticsTimeframe = '7d';

/** How many hours each timeframe covers (the read models bucket by hour). */
export const TIMEFRAME_HOURS: Record<AnalyticsTimeframe, number> = {
  '24h': 24,
  '7d': 24 * 7,
  '30d': 24 * 30,
  '90d': 24 * 90,
};

/** The industry average engagement rate the page compares with, in percent. */
export const INDUSTRY_AVERAGE_ENGAGEMENT = 3.2;

/** The viewers' age groups of the Audience tab (the service's minimum age is 13). */
export const AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45+'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** topContent lists at most this many items, most viewed first. */
export const TOP_CONTENT_MAX = 10;
/** One page of GET /api/analytics/access lists at most this many accesses. */
export const ANALYTICS_ACCESS_PAGE_MAX = 50;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The engagement rate: (likes + comments) / (views + likes + comments), a percent to 1 decimal; 0 with no activity. */
export function engagementRate(views: number, likes: number, comments: number): number {
  const total = views + likes + comments;
  return total === 0 ? 0 : round1(((likes + comments) / total) * 100);
}

/**
 * Percent change from the previous window to the current one, to 1 decimal. From 0 there is no
 * ratio: 0 -> 0 is 0, and 0 -> n (n > 0) is null, a figure that is new in this window (shown as
 * "new", never as a made-up 100%).
 */
export function percentChange(previous: number, current: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return round1(((current - previous) / previous) * 100);
}

/**
 * The age group of someone born on `birthDate` (YYYY-MM-DD) at time `at`, judged by `at`'s UTC day
 * (unlike accounts' ageOn, which takes the browser's local day: read models must not depend on
 * the server's time zone); null under 13 or for a date that is not real.
 */
export function ageGroupAt(birthDate: string, at: Date): AgeGroup | null {
  const born = parseBirthDate(birthDate);
  if (!born) return null;
  const [month, day] = [at.getUTCMonth() + 1, at.getUTCDate()];
  const hadBirthday = month > born.month || (month === born.month && day >= born.day);
  const age = at.getUTCFullYear() - born.year - (hadBirthday ? 0 : 1);
  if (age < 13) return null;
  if (age <= 17) return '13-17';
  if (age <= 24) return '18-24';
  if (age <= 34) return '25-34';
  if (age <= 44) return '35-44';
  return '45+';
}

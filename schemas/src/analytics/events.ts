import { z } from 'zod';
import { analyticsTimeframe } from './rules.ts';

/**
 * Audit events of analysts reading creators' analytics, stream `analyticsaccess-{viewerId}`: one
 * per read of another creator's analytics (owners reading their own are not recorded).
 */
export const analyticsAccessStreamName = (viewerId: string) => `analyticsaccess-${viewerId}`;

export const analyticsViewed = z.object({
  viewerId: z.string(),
  creatorId: z.string(),
  timeframe: analyticsTimeframe,
  asOf: z.string().nullable(),
  viewedAt: z.string(),
});

/**
 * An analyst or admin exported the log with its personal fields readable (`npm run export --
 * --include-personal USERNAME`), stream `analyticsaccess-{exportedBy}`; recorded before anything is written.
 */
export const personalDataExported = z.object({
  /** The staff member's user id, and their username as named on the command line. */
  exportedBy: z.string(),
  username: z.string(),
  /** What was exported: the time window and event types (null for all). */
  scope: z.object({ from: z.string(), to: z.string(), types: z.array(z.string()).nullable() }),
  exportedAt: z.string(),
});

export const analyticsEventSchemas = {
  AnalyticsViewed: analyticsViewed,
  PersonalDataExported: personalDataExported,
} as const;

export type AnalyticsEventType = keyof typeof analyticsEventSchemas;
export type AnalyticsEvent = {
  [K in AnalyticsEventType]: { readonly type: K; readonly data: z.infer<(typeof analyticsEventSchemas)[K]> };
}[AnalyticsEventType];

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

export const analyticsEventSchemas = {
  AnalyticsViewed: analyticsViewed,
} as const;

export type AnalyticsEventType = keyof typeof analyticsEventSchemas;
export type AnalyticsEvent = {
  [K in AnalyticsEventType]: { readonly type: K; readonly data: z.infer<(typeof analyticsEventSchemas)[K]> };
}[AnalyticsEventType];

import { z } from 'zod';
import { reportReason, reportStatus } from './rules.ts';

/**
 * GET /api/reports/stats: the moderation queue over time. Reports are counted in the bucket they
 * were filed in (by reason, and by the status they have now); time to resolution (filed ->
 * resolved or dismissed) is counted in the bucket the report was closed in. Buckets are UTC days,
 * or weeks starting on Monday.
 */
export const REPORT_STATS_BUCKETS = ['day', 'week'] as const;
export type ReportStatsBucket = (typeof REPORT_STATS_BUCKETS)[number];
/** The window when none is given: the last 30 days. */
export const REPORT_STATS_DEFAULT_DAYS = 30;
/** The longest window (days), which keeps the answer at most 367 daily buckets. */
export const REPORT_STATS_MAX_DAYS = 366;

const isoTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO time, e.g. 2026-11-01T00:00:00Z` });

export const reportStatsQuery = z.object({
  from: isoTime('from').optional(),
  to: isoTime('to').optional(),
  bucket: z
    .enum(REPORT_STATS_BUCKETS, { error: `bucket must be one of ${REPORT_STATS_BUCKETS.join(', ')}` })
    .default('day'),
});

const count = z.number().int();
const figures = z.object({
  /** Reports filed. */
  filed: count,
  byReason: z.record(reportReason, count),
  byStatus: z.record(reportStatus, count),
  /** Reports resolved or dismissed. */
  closed: count,
  /** The median time from filing to resolution of the closed reports, in seconds; null when none closed. */
  medianResolutionSeconds: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof figures>;

export const reportStatsResponse = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(REPORT_STATS_BUCKETS),
  /** Every bucket of the window, oldest first, empty ones included. */
  buckets: z.array(figures.extend({ start: z.string() })),
  overall: figures,
});
export type ReportStats = z.infer<typeof reportStatsResponse>;

import { defineProjection } from '../../projection.ts';
import { analyticsRuns } from './analytics.runs.ts';
import { createAnalyticsTables, type AnalyticsDb } from './analytics.tables.ts';

export type { AnalyticsDb } from './analytics.tables.ts';

/**
 * Creator analytics: engagement and followers per creator per hour and per post per hour, the
 * audience's age groups, devices and countries per creator per hour, and analysts' audited reads.
 * A deleted account's birth date and texts read as a replay reads them, redacted.
 * A request sums hourly rows by index, never raw events.
 */
export const analyticsProjection = defineProjection<AnalyticsDb>({
  name: 'analytics',
  // 2: deleted accounts: their birth dates, post texts and views by age are forgotten (analytics_viewer_ages).
  // 3: every event applied by the one run handler, a single event as a run of one (same rows as version 2).
  version: 3,
  migrate: createAnalyticsTables,
  handlers: {},
  runHandlers: [analyticsRuns],
});

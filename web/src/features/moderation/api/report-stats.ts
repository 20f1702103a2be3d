import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportStatsResponse, type ReportStats, type ReportStatsBucket } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { reportsKey } from '../lib/reports-key.ts';

export interface StatsWindow {
  readonly from: string;
  readonly to: string;
  readonly bucket: ReportStatsBucket;
}

/** GET /api/reports/stats?from=&to=&bucket= (moderators): reports by reason and status per bucket, and the median time to resolution. */
export async function reportStats(window: StatsWindow, signal?: AbortSignal): Promise<ReportStats> {
  const params = new URLSearchParams({ from: window.from, to: window.to, bucket: window.bucket });
  return reportStatsResponse.parse(await apiJson('GET', `/api/reports/stats?${params.toString()}`, undefined, signal));
}

// Under the queue's prefix: a moderation action changes the figures too.
export const reportStatsQueryOptions = (window: StatsWindow) =>
  queryOptions({
    queryKey: [...reportsKey, 'stats', window.from, window.to, window.bucket],
    queryFn: ({ signal }) => reportStats(window, signal),
    retry: false,
  });

export function useReportStats(window: StatsWindow) {
  return useQuery(reportStatsQueryOptions(window));
}

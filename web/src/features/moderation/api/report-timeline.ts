import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { reportTimelineResponse, type TimelineEntry } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { reportsKey } from '../lib/reports-key.ts';

export interface TimelinePage {
  readonly entries: TimelineEntry[];
  readonly nextCursor: string | null;
}

/** GET /api/reports/{id}/timeline?cursor= (moderators): the report's whole story, oldest first, a page at a time. */
export async function reportTimeline(
  reportId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TimelinePage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const page = await apiPage(`/api/reports/${encodeURIComponent(reportId)}/timeline${query}`, signal);
  return { entries: reportTimelineResponse.parse(page.body), nextCursor: page.nextCursor };
}

// Under the queue's prefix: acting on a report reads its timeline again too.
export const reportTimelineQueryOptions = (reportId: string) =>
  infiniteQueryOptions({
    queryKey: [...reportsKey, reportId, 'timeline'],
    queryFn: ({ pageParam, signal }) => reportTimeline(reportId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });

export function useReportTimeline(reportId: string) {
  return useInfiniteQuery(reportTimelineQueryOptions(reportId));
}

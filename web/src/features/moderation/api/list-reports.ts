import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { reportsResponse, type Report, type ReportStatus } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { withShownStatus } from '../lib/report-actions.ts';
import { reportsKey } from '../lib/reports-key.ts';

export interface ReportsFilter {
  /** null: every status. */
  readonly status: ReportStatus | null;
  readonly search: string;
}

export interface ReportsPage {
  readonly reports: Report[];
  readonly nextCursor: string | null;
}

/** GET /api/reports?status=&search=&cursor= (moderators): newest first, a page at a time. */
export async function listReports(
  filter: ReportsFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReportsPage> {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.search.trim()) params.set('search', filter.search.trim());
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const page = await apiPage(`/api/reports${query}`, signal);
  const items: unknown = Array.isArray(page.body) ? page.body.map(withShownStatus) : page.body;
  return { reports: reportsResponse.parse(items), nextCursor: page.nextCursor };
}

export const reportsQueryOptions = (filter: ReportsFilter) =>
  infiniteQueryOptions({
    queryKey: [...reportsKey, filter.status ?? 'all', filter.search.trim()],
    queryFn: ({ pageParam, signal }) => listReports(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A 403 (not a moderator) will not change on a retry.
    retry: false,
  });

export function useReports(filter: ReportsFilter) {
  return useInfiniteQuery(reportsQueryOptions(filter));
}

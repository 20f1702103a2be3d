import { queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsResponse, type AnalyticsTimeframe } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { analyticsKey } from '../lib/analytics-key.ts';

export interface AnalyticsRequest {
  readonly userId: string;
  readonly timeframe: AnalyticsTimeframe;
  /** ISO date-time: the figures as they stood then (null: now). */
  readonly asOf: string | null;
}

/** GET /api/analytics/{userId}?timeframe=&timeZone=&asOf= (the creator themselves, or an analyst). */
export async function getAnalytics({ userId, timeframe, asOf }: AnalyticsRequest, signal?: AbortSignal) {
  // The chart's days are the viewer's calendar days (today's views under today's date).
  const params = new URLSearchParams({ timeframe, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  if (asOf) params.set('asOf', asOf);
  return analyticsResponse.parse(
    await apiJson('GET', `${analyticsKey[0]}/${encodeURIComponent(userId)}?${params.toString()}`, undefined, signal),
  );
}

export const analyticsQueryOptions = (request: AnalyticsRequest) =>
  queryOptions({
    queryKey: [...analyticsKey, request.userId, request.timeframe, request.asOf ?? 'now'],
    queryFn: ({ signal }) => getAnalytics(request, signal),
    // Figures move with every view and like: read afresh whenever the page is opened.
    staleTime: 0,
    refetchOnMount: 'always',
    // Another timeframe of the same creator keeps the last figures on screen until the new ones
    // arrive; another creator's never stand in for this one's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === request.userId ? previous : undefined,
  });

export function useAnalytics(request: AnalyticsRequest) {
  return useQuery(analyticsQueryOptions(request));
}

import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch, throwIfNotOk } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Global data-handling defaults: cached data never goes stale on its own, nothing refetches on
 * focus, polls or retries, except where a query says otherwise. Query keys are path segments, and
 * the default read is a GET of the segments joined by "/" (["/api/auth/check-username", "jane"]
 * reads /api/auth/check-username/jane) through the API client.
 */

type On401 = 'throw' | 'returnNull';

export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await apiFetch('GET', queryKey.join('/'), { signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** The feed is the one read that goes stale: fresh for 5 minutes. */
export const FEED_STALE_MS = 300_000;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity, // cached data never goes stale on its own...
        refetchOnWindowFocus: false, // ...nor refetches on focus...
        refetchInterval: false, // ...nor polls...
        retry: false, // ...nor retries a failure.
      },
      mutations: { retry: false },
    },
  });
  client.setQueryDefaults(queryKeys.feed, { staleTime: FEED_STALE_MS });
  return client;
}

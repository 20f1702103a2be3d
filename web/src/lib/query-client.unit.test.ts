import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, FEED_STALE_MS } from './query-client.ts';
import { currentUserQueryOptions } from './current-user.ts';
import { json, stubFetch } from '../testing/stub-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

describe('query defaults', () => {
  it('never goes stale, never refetches on focus, never retries; the feed is fresh for 5 minutes', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(client.getQueryDefaults(['/api/feed']).staleTime).toBe(FEED_STALE_MS);
    expect(FEED_STALE_MS).toBe(300_000);
  });

  it('reads a GET of the key segments joined by "/" and throws on 401', async () => {
    const fetch = stubFetch(() => json(401, { error: 'unauthorized', message: 'Not signed in' }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/users', 'u1', 'videos'] })).rejects.toThrow('401: ');
    expect(fetch.mock.calls[0]![0]).toBe('/api/users/u1/videos');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
    expect(fetch).toHaveBeenCalledTimes(1); // no retry
  });

  it('reads the current user as null on 401, refetching on mount and focus', async () => {
    stubFetch(() => json(401, { error: 'unauthorized', message: 'Not signed in' }));
    const client = createQueryClient();
    await expect(client.fetchQuery(currentUserQueryOptions)).resolves.toBeNull();
    expect(currentUserQueryOptions).toMatchObject({ refetchOnMount: true, refetchOnWindowFocus: true, retry: false });
  });
});

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { currentUser, type CurrentUser } from '@myworld/schemas/auth';
import { throwIfNotOk } from './api-client.ts';

/**
 * The signed-in user (GET /api/auth/user). Shared by the app shell, home and settings, so it lives
 * here rather than in a feature. A 401 means "nobody is signed in" and reads as null.
 */

export const currentUserQueryKey = ['/api/auth/user'] as const;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    const res = await fetch(currentUserQueryKey[0], { credentials: 'include', signal });
    if (res.status === 401) return null;
    await throwIfNotOk(res);
    const parsed = currentUser.safeParse(await res.json());
    if (!parsed.success) {
      // A server that drifted from the shared contract: say so loudly rather than half-render.
      console.error('GET /api/auth/user answered a body that is not a CurrentUser', parsed.error.issues);
      throw parsed.error;
    }
    return parsed.data;
  },
  retry: false,
  // Unlike the other reads, the session is re-checked whenever a page mounts or the tab regains focus.
  staleTime: 0,
  refetchOnMount: true,
  refetchOnWindowFocus: true,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions);
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/**
 * Forgets the session in this tab: nobody is signed in and every other cached read is dropped, so
 * the next user never sees the last one's data. Done after logout whether or not the server agreed.
 */
export function signOutLocally(queryClient: QueryClient): void {
  queryClient.setQueryData(currentUserQueryKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0] });
}

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { currentUser, type CurrentUser } from '@myworld/schemas';
import { apiFetch, throwIfNotOk } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { rememberSignedIn } from './session-hint.ts';

/**
 * The signed-in user (GET /api/auth/user). Shared by the app shell and every feature, so it lives
 * here rather than in one. A 401 means "nobody is signed in" and reads as null.
 */

export const currentUserQueryKey = queryKeys.currentUser;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    // Through the API client, so a read right after sign-in, registration or a privacy change
    // carries X-Min-Position and sees that write.
    const res = await apiFetch('GET', currentUserQueryKey[0], { signal });
    if (res.status === 401) {
      rememberSignedIn(false);
      return null;
    }
    await throwIfNotOk(res);
    const parsed = currentUser.safeParse(await res.json());
    if (!parsed.success) {
      // A server that drifted from the shared contract: say so loudly rather than half-render.
      console.error('GET /api/auth/user answered a body that is not a CurrentUser', parsed.error.issues);
      throw parsed.error;
    }
    rememberSignedIn(true);
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
 * The signed-in user as last read, without asking the server again: for the many small parts of a
 * page (a like button on every feed item) that only need to know whether someone is signed in.
 * The app shell's useCurrentUser keeps it fresh.
 */
export function useKnownUser(): CurrentUser | null {
  const query = useQuery({ ...currentUserQueryOptions, refetchOnMount: false, refetchOnWindowFocus: false });
  return query.data ?? null;
}

/** Reads the current user again (after a write that changed it); resolves once the new answer is in. */
export function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}

/**
 * Forgets the session in this tab: nobody is signed in and every other cached read is dropped, so
 * the next user never sees the last one's data. Done after logout whether or not the server agreed.
 */
export function signOutLocally(queryClient: QueryClient): void {
  rememberSignedIn(false);
  queryClient.setQueryData(currentUserQueryKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0] });
}

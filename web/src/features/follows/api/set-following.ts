import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { followResponse, type Profile } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { withFollowChange } from '../lib/follow-counts.ts';

/** POST (follow) or DELETE (unfollow) /api/users/{id}/follow: whether the viewer now follows them. */
export async function setFollowing(userId: string, follow: boolean): Promise<boolean> {
  return followResponse.parse(
    await apiJson(follow ? 'POST' : 'DELETE', `/api/users/${encodeURIComponent(userId)}/follow`),
  ).following;
}

/** Cached profiles only (["/api/users", idOrUsername, "profile"]), not the grids under the same prefix. */
const profileQueries = { queryKey: queryKeys.profiles.all, predicate: (q: Query) => q.queryKey[2] === 'profile' };

interface FollowChange {
  userId: string;
  follow: boolean;
}

/**
 * Follow or unfollow, optimistically: cached profiles (the followee's and the viewer's own) show
 * the new state and counts at once, go back if the server refuses, and are read again after, so
 * the counts end up the server's. The Following feed changes too.
 */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: FollowChange) => setFollowing(userId, follow),
    onMutate: async ({ userId, follow }) => {
      await queryClient.cancelQueries(profileQueries);
      const before = queryClient.getQueriesData<Profile | null>(profileQueries);
      queryClient.setQueriesData<Profile | null>(profileQueries, (p) => withFollowChange(p, userId, follow));
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { storiesResponse, type Story } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/stories: the live stories of the user and of the people they follow, oldest first per author. */
export async function getStories(signal?: AbortSignal): Promise<Story[]> {
  return storiesResponse.parse(await apiJson('GET', '/api/stories', undefined, signal));
}

export const storiesQueryOptions = queryOptions({
  queryKey: queryKeys.stories.all,
  queryFn: ({ signal }) => getStories(signal),
});

/** The strip's stories; read only while someone is signed in. */
export function useStories(signedIn: boolean) {
  return useQuery({ ...storiesQueryOptions, enabled: signedIn });
}

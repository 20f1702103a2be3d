import { useQuery } from '@tanstack/react-query';
import { hashtagSummary } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/hashtags/{tag}: the tag and how many posts use it (404: no post ever did). */
export function useHashtag(tag: string) {
  return useQuery({
    queryKey: queryKeys.hashtags.summary(tag),
    queryFn: async ({ signal }) =>
      hashtagSummary.parse(await apiJson('GET', `/api/hashtags/${encodeURIComponent(tag)}`, undefined, signal)),
  });
}

import { useQuery } from '@tanstack/react-query';
import { userPreferences } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/user-preferences: the signed-in user's favorite categories and engagement patterns. */
export function useUserPreferences() {
  return useQuery({
    queryKey: queryKeys.recommendations.preferences,
    queryFn: async ({ signal }) =>
      userPreferences.parse(await apiJson('GET', queryKeys.recommendations.preferences[0], undefined, signal)),
  });
}

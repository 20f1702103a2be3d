import { queryOptions, useQuery } from '@tanstack/react-query';
import { isUsernameValid, usernameAvailability } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** What the register form knows of a username: unknown, checking, available or taken. */
export type UsernameStatus = 'unknown' | 'checking' | 'available' | 'taken';

export const USERNAME_CHECK_DEBOUNCE_MS = 500;

/** GET /api/auth/check-username/{username} → { available }. */
export async function checkUsername(username: string) {
  return usernameAvailability.parse(await apiJson('GET', `/api/auth/check-username/${encodeURIComponent(username)}`));
}

export function usernameAvailabilityQueryOptions(username: string) {
  return queryOptions({
    queryKey: queryKeys.usernameAvailability(username),
    queryFn: () => checkUsername(username),
    // A name can be taken by someone else at any time: ask again rather than trust an old answer.
    staleTime: 0,
    gcTime: 60_000,
  });
}

/**
 * Availability of what is typed, asked only from 3 characters and once typing has paused for
 * 500 ms. A failed check leaves it unknown (the server still refuses a taken name on submit).
 */
export function useUsernameAvailability(username: string): UsernameStatus {
  const settled = useDebouncedValue(username, USERNAME_CHECK_DEBOUNCE_MS);
  const checkable = isUsernameValid(settled);
  const query = useQuery({ ...usernameAvailabilityQueryOptions(settled), enabled: checkable });

  if (!isUsernameValid(username)) return 'unknown';
  if (settled !== username || query.isFetching) return 'checking';
  if (query.isError || !query.data) return 'unknown';
  return query.data.available ? 'available' : 'taken';
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { roleHoldersResponse, type RoleHoldersResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { roleHoldersKey } from '../lib/roles-key.ts';

/** GET /api/admin/roles?cursor= (admins): users holding roles, newest first, a page at a time. */
export async function listRoleHolders(cursor: string | null, signal?: AbortSignal): Promise<RoleHoldersResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return roleHoldersResponse.parse(await apiJson('GET', `${roleHoldersKey[0]}${query}`, undefined, signal));
}

export const roleHoldersQueryOptions = infiniteQueryOptions({
  queryKey: roleHoldersKey,
  queryFn: ({ pageParam, signal }) => listRoleHolders(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  // A 403 (not an admin) will not change on a retry.
  retry: false,
});

export function useRoleHolders() {
  return useInfiniteQuery(roleHoldersQueryOptions);
}

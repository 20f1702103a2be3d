import { queryOptions, useQuery } from '@tanstack/react-query';
import { earningsResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/earnings (signed in): the user's gift earnings in cents, gross, refunded and net. */
export async function getEarnings() {
  return earningsResponse.parse(await apiJson('GET', queryKeys.gifts.earnings[0]));
}

/** Payments land through webhooks, not this client's writes: read afresh whenever shown. */
export const earningsQueryOptions = queryOptions({
  queryKey: queryKeys.gifts.earnings,
  queryFn: getEarnings,
  staleTime: 0,
  refetchOnMount: 'always',
});

export function useEarnings() {
  return useQuery(earningsQueryOptions);
}

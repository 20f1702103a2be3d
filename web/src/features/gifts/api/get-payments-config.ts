import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsConfigResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/payments/config: 'stripe' with its publishable key, or the 'development' provider. */
export async function getPaymentsConfig() {
  return paymentsConfigResponse.parse(await apiJson('GET', queryKeys.gifts.paymentsConfig[0]));
}

export const paymentsConfigQueryOptions = queryOptions({
  queryKey: queryKeys.gifts.paymentsConfig,
  queryFn: getPaymentsConfig,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions);
}

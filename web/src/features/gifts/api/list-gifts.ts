import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftCatalogueResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/gifts (anyone): the gift types with their emoji and price in cents, cheapest first. */
export async function listGifts() {
  return giftCatalogueResponse.parse(await apiJson('GET', queryKeys.gifts.catalogue[0]));
}

/** The catalogue only changes with the server's configuration: read once per session. */
export const giftCatalogueQueryOptions = queryOptions({
  queryKey: queryKeys.gifts.catalogue,
  queryFn: listGifts,
});

export function useGiftCatalogue() {
  return useQuery(giftCatalogueQueryOptions);
}

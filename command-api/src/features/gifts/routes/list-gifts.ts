import { giftCatalogueResponse } from '@myworld/schemas';
import { giftsRoute } from '../context.ts';

/** The gifts on sale (GIFT_CATALOGUE), cheapest first. */
export const listGifts = giftsRoute({
  method: 'GET',
  url: '/api/gifts',
  summary: 'The gift catalogue',
  description: 'Type, emoji and price in cents of every gift, cheapest first.',
  config: { auth: 'visitor', readModel: { none: 'the catalogue, from the configuration' } },
  schema: { response: { 200: giftCatalogueResponse } },
  handler: async ({ ctx }) => [...ctx.catalogue],
});

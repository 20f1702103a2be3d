import { earningsResponse } from '@myworld/schemas';
import { earningsOf, type GiftsDb } from '@myworld/projections';
import { giftsRoute } from '../context.ts';

/** The caller's gift earnings from the gifts read model (zeros before their first paid gift). */
export const getEarnings = giftsRoute({
  method: 'GET',
  url: '/api/earnings',
  summary: 'My gift earnings',
  description: "Gross paid, refunded and net in cents, how many gifts and the last one's time.",
  config: { auth: 'user', readModel: 'gifts' },
  schema: { response: { 200: earningsResponse } },
  handler: async ({ ctx, userId }) => ({
    userId,
    ...(await earningsOf(await ctx.readModels.query<GiftsDb>('gifts'), userId)),
  }),
});

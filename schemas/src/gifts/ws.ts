import { z } from 'zod';
import { receivedGift } from './http.ts';

/** Gift messages on /ws (server to client): a paid gift, to everyone in the stream's room. */
export const giftsServerMessages = [
  z.object({
    type: z.literal('gift_received'),
    streamId: z.string(),
    gift: receivedGift,
    totalGiftsReceived: z.number().int(),
  }),
] as const;

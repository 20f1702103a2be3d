import { streamGiftTotal, type GiftsDb } from '@myworld/projections';
import { giftStreamName, readEvent } from '@myworld/schemas';
import { loadAggregate } from '@myworld/write-model';
import type { LiveReaction } from '../../platform/reactors/live-reactor.ts';
import { streamRoom } from '../../platform/ws/gateway.ts';
import { PublicProfiles } from '../live-streams/public-profiles.ts';
import type { GiftsContext } from './context.ts';
import { giftDecider } from '@myworld/write-model/gifts';

/**
 * GiftPaid -> `gift_received` in the stream's room, pushed by each API instance's live reactor to
 * its own sockets there (none reads anything without a socket in the room): the gift from its own
 * stream, the sender's card, and the stream's new total from the gifts read model (the reactor
 * waits, bounded, for it to hold the payment). The webhook that recorded the payment never waits.
 */
export function giftReactions(ctx: GiftsContext): readonly LiveReaction[] {
  const { gateway, readModels, store } = ctx;
  const profiles = new PublicProfiles(readModels, store);
  return [
    {
      name: 'gifts: gift_received',
      types: ['GiftPaid'],
      readModels: ['gifts'],
      handle: async (recorded) => {
        const event = readEvent(recorded);
        if (event?.type !== 'GiftPaid' || !gateway.hasHere(streamRoom(event.data.streamId))) return;
        const { state: gift } = await loadAggregate(store, giftStreamName(event.data.giftId), giftDecider);
        if (gift.status === 'none') return;
        const [sender, totalGiftsReceived] = await Promise.all([
          profiles.of(gift.senderId),
          streamGiftTotal(await readModels.query<GiftsDb>('gifts'), gift.streamId),
        ]);
        gateway.deliverHere(streamRoom(gift.streamId), {
          type: 'gift_received',
          streamId: gift.streamId,
          gift: {
            id: gift.giftId,
            giftType: gift.giftType,
            emoji: gift.emoji,
            quantity: gift.quantity,
            message: gift.message,
            sender: { id: gift.senderId, username: sender.username },
          },
          totalGiftsReceived,
        });
      },
    },
  ];
}

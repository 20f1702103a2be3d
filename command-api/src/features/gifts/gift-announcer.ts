import type { Logger } from 'pino';
import { streamGiftTotal, type GiftsDb, type ReadModels } from '@myworld/projections';
import type { Position } from '@myworld/schemas';
import type { PublicProfiles } from '../live-streams/public-profiles.ts';
import { streamRoom, type SocketGateway } from '../../platform/ws/gateway.ts';
import type { RequestedGift } from './gift.state.ts';

export interface GiftAnnouncerDeps {
  readonly gateway: SocketGateway;
  readonly readModels: ReadModels;
  readonly profiles: PublicProfiles;
  readonly logger: Logger;
  /** How long to wait for the gifts read model to hold the payment before counting the stream's total. */
  readonly waitMs: number;
}

/**
 * Tells a stream's room that a gift was paid (gift_received), on every API instance (the gateway
 * fans out through Redis), with the stream's new total from the gifts read model.
 */
export class GiftAnnouncer {
  constructor(private readonly deps: GiftAnnouncerDeps) {}

  async giftPaid(gift: RequestedGift, paidAt: Position): Promise<void> {
    const { gateway, readModels, profiles, logger, waitMs } = this.deps;
    const caughtUp = await readModels.waitFor('gifts', paidAt, waitMs);
    if (!caughtUp)
      logger.warn({ giftId: gift.giftId }, 'gifts read model behind: the announced total may miss this gift');
    const [sender, totalGiftsReceived] = await Promise.all([
      profiles.of(gift.senderId),
      streamGiftTotal(await readModels.query<GiftsDb>('gifts'), gift.streamId),
    ]);
    await gateway.publish(streamRoom(gift.streamId), {
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
  }
}

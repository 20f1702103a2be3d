import type { EventStore } from '@myworld/eventstore';
import { giftStreamName, type GiftEvent } from '@myworld/schemas';
import { handleCommand, replayIfStored, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { giftDecider, type GiftCommand } from './gift.decider.ts';
import type { GiftState } from './gift.state.ts';

/** The gift (`gift-{id}`): run one command on it. */
export function runGiftCommand(
  store: EventStore,
  giftId: string,
  command: GiftCommand,
  context: CommandContext,
): Promise<CommandResult<GiftState, GiftEvent>> {
  return handleCommand(store, giftStreamName(giftId), giftDecider, command, context);
}

/** The stored answer to a gift request retried with its Idempotency-Key (422 when the key was used for another request), or null. */
export function storedGiftRequest(
  store: EventStore,
  giftId: string,
  context: CommandContext,
): Promise<CommandResult<GiftState, GiftEvent> | null> {
  return replayIfStored(store, giftStreamName(giftId), giftDecider, context);
}

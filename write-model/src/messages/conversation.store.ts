import { randomUUID } from 'node:crypto';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { conversationStreamName, type DirectMessageEvent } from '@myworld/schemas';
import { handleCommandForRead } from '../commands/command-for-read.ts';
import { replayIfStored, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { idempotentEventId } from '../commands/deterministic-id.ts';
import { conversationDecider, type ConversationCommand } from './conversation.decider.ts';
import { initialConversationState, type ConversationState } from './conversation.state.ts';

type SendMessage = Extract<ConversationCommand, { type: 'SendMessage' }>;
type MarkConversationRead = Extract<ConversationCommand, { type: 'MarkConversationRead' }>;

/**
 * Records a message in its conversation (`conversation-{idA}-{idB}`, ids sorted) without reading
 * the conversation first: what the decider decides for SendMessage does not depend on the
 * conversation's state, so the append expects any version. Messages sent at the same moment never
 * conflict, and sending costs the same in a conversation of ten messages or ten thousand. Under an
 * Idempotency-Key the event id derives from the key as handleCommand derives it, so a retry finds
 * its event stored and is answered with it (422 when another request used the key).
 */
export async function recordMessage(
  store: EventStore,
  command: SendMessage,
  context: CommandContext,
): Promise<Omit<CommandResult<ConversationState, DirectMessageEvent>, 'state'>> {
  const stream = conversationStreamName(command.senderId, command.receiverId);
  const decided = conversationDecider.decide(command, initialConversationState());
  const { idempotencyKey } = context;
  const metadata = idempotencyKey
    ? { ...context.metadata, idempotencyKey, requestFingerprint: context.requestFingerprint ?? null }
    : context.metadata;
  const events = decided.map((e, i) => ({
    id: idempotencyKey ? idempotentEventId(context.idempotencyScope ?? '', idempotencyKey, stream, i) : randomUUID(),
    type: e.type,
    data: e.data,
    metadata,
  }));
  const result = await store.append(stream, expected.any, events);
  if (result.appended) return { events: decided, position: result.position, appended: true };
  const replay = await replayIfStored(store, stream, conversationDecider, context);
  if (!replay) throw new Error(`${stream}: the store reported the message as stored, but the stream does not hold it`);
  return replay;
}

/**
 * Marks the conversation read for its reader (load, decide on the unread counts, append at the
 * version read, retried on conflicts), with the position its read model must reach to show it.
 */
export function recordRead(store: EventStore, command: MarkConversationRead, context: CommandContext) {
  return handleCommandForRead(
    store,
    conversationStreamName(command.readerId, command.otherUserId),
    conversationDecider,
    command,
    context,
  );
}

import type { DirectMessage, EventData } from '@myworld/schemas';

/** The message as the API shows it, from its MessageSent event. */
export function toDirectMessage(sent: EventData<'MessageSent'>): DirectMessage {
  return {
    id: sent.messageId,
    senderId: sent.senderId,
    receiverId: sent.receiverId,
    content: sent.content,
    createdAt: sent.sentAt,
  };
}

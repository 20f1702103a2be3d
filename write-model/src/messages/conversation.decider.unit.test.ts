import { describe, it } from 'vitest';
import type { DirectMessageEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { conversationDecider, type ConversationCommand } from './conversation.decider.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(conversationDecider);
const send = (senderId: string, receiverId: string, content = 'hello', messageId = 'm1'): ConversationCommand => ({
  type: 'SendMessage',
  messageId,
  senderId,
  receiverId,
  content,
  now,
});
const sent = (senderId: string, receiverId: string, content = 'hello', messageId = 'm1'): DirectMessageEvent => ({
  type: 'MessageSent',
  data: { messageId, senderId, receiverId, content, sentAt: at },
});
const markRead = (readerId: string, otherUserId: string): ConversationCommand => ({
  type: 'MarkConversationRead',
  readerId,
  otherUserId,
  now,
});
const read = (readerId: string, otherUserId: string): DirectMessageEvent => ({
  type: 'ConversationRead',
  data: { readerId, otherUserId, readAt: at },
});

describe('conversation decider (conversation-{idA}-{idB})', () => {
  it('given nothing, when ada writes to bob, then MessageSent with the trimmed text', () => {
    spec
      .given()
      .when(send('ada', 'bob', '  hello  '))
      .then([sent('ada', 'bob', 'hello')]);
  });

  it("sending does not depend on the conversation's history (the store appends messages without reading it)", () => {
    spec
      .given(sent('bob', 'ada', 'hi', 'm0'), sent('ada', 'bob', 'hey', 'm9'), read('bob', 'ada'))
      .when(send('ada', 'bob'))
      .then([sent('ada', 'bob')]);
  });

  it('nobody writes to themselves (400 naming receiverId)', () => {
    spec.given().when(send('ada', 'ada')).thenRefuses({
      status: 400,
      code: 'cannot_message_self',
      field: 'receiverId',
      message: 'You cannot send a message to yourself',
    });
  });

  it('refuses a blank message and one over 2,000 characters (400 naming content); 2,000 is fine', () => {
    spec
      .given()
      .when(send('ada', 'bob', ' \n '))
      .thenRefuses({ status: 400, code: 'content_required', field: 'content', message: 'Write a message first' });
    spec
      .given()
      .when(send('ada', 'bob', 'x'.repeat(2001)))
      .thenRefuses({
        status: 400,
        code: 'message_too_long',
        field: 'content',
        message: 'A message is at most 2,000 characters',
      });
    spec
      .given()
      .when(send('ada', 'bob', ` ${'x'.repeat(2000)} `))
      .then([sent('ada', 'bob', 'x'.repeat(2000))]);
  });

  it('given messages to bob, when bob reads, then ConversationRead', () => {
    spec
      .given(sent('ada', 'bob', 'one', 'm1'), sent('ada', 'bob', 'two', 'm2'))
      .when(markRead('bob', 'ada'))
      .then([read('bob', 'ada')]);
  });

  it('reading with nothing unread records nothing: no conversation, only own messages, or read already', () => {
    spec.given().when(markRead('bob', 'ada')).then([]);
    spec.given(sent('bob', 'ada')).when(markRead('bob', 'ada')).then([]);
    spec.given(sent('ada', 'bob'), read('bob', 'ada')).when(markRead('bob', 'ada')).then([]);
  });

  it("one side reading leaves the other side's unread alone", () => {
    const history = [sent('ada', 'bob', 'hi bob', 'm1'), sent('bob', 'ada', 'hi ada', 'm2'), read('bob', 'ada')];
    spec
      .given(...history)
      .when(markRead('ada', 'bob'))
      .then([read('ada', 'bob')]);
    spec
      .given(...history, sent('ada', 'bob', 'again', 'm3'))
      .when(markRead('bob', 'ada'))
      .then([read('bob', 'ada')]);
  });

  it('nobody reads a conversation with themselves (400 naming otherUserId)', () => {
    spec
      .given()
      .when(markRead('ada', 'ada'))
      .thenRefuses({ status: 400, code: 'cannot_message_self', field: 'otherUserId' });
  });
});

import { messageReactions } from './live-updates.ts';
import { defineFeature } from '../../platform/feature.ts';
import { listConversations } from './routes/list-conversations.ts';
import { listMessages } from './routes/list-messages.ts';
import { markConversationRead } from './routes/mark-conversation-read.ts';
import { sendMessage } from './routes/send-message.ts';

/**
 * Direct messages between two users: each conversation is one stream (`conversation-{idA}-{idB}`);
 * the lists, unread counts and user cards live in the `conversations` read model; `new_message` and
 * `conversation_read` reach the users' sockets, each API instance's live reactor pushing to its own (live-updates.ts). No client
 * socket messages: sending is POST /api/messages.
 */
export const messages = defineFeature({
  name: 'messages',
  routes: [sendMessage, listConversations, listMessages, markConversationRead],
  reactions: messageReactions,
});

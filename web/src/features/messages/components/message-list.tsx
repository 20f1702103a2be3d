import { useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { DIRECT_MESSAGE_MESSAGES } from '@myworld/schemas';
import { useLoadEarlierMessages } from '../api/load-earlier-messages.ts';
import { useStickToBottom } from '../hooks/use-stick-to-bottom.ts';
import type { MessageThread } from '../lib/thread.ts';
import { MessageItem } from './message-item.tsx';

interface MessageListProps {
  me: string;
  otherUserId: string;
  thread: UseQueryResult<MessageThread>;
}

/** The conversation, oldest first, scrolled to the newest; "Load earlier messages" reads the page before. */
export function MessageList({ me, otherUserId, thread }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const loadEarlier = useLoadEarlierMessages(otherUserId);
  const messages = thread.data?.messages ?? [];
  useStickToBottom(scroller, messages[0]?.id, messages.at(-1)?.id);
  return (
    <div className="chat-messages" ref={scroller}>
      {thread.data?.hasEarlier && (
        <button
          type="button"
          className="btn btn--ghost btn--small messages-more"
          disabled={loadEarlier.isPending}
          data-testid="messages-load-earlier"
          onClick={() => loadEarlier.mutate()}
        >
          {loadEarlier.isPending ? 'Loading...' : 'Load earlier messages'}
        </button>
      )}
      {thread.isPending ? (
        <div className="messages-status">
          <span className="spinner" role="progressbar" aria-label="Loading" />
        </div>
      ) : thread.isError && messages.length === 0 ? (
        <p className="messages-status" role="alert">
          {thread.error.message}
        </p>
      ) : messages.length === 0 ? (
        <p className="messages-status muted">{DIRECT_MESSAGE_MESSAGES.noMessages}</p>
      ) : (
        <ol className="chat-messages__list" aria-label="Messages">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} mine={m.senderId === me} />
          ))}
        </ol>
      )}
    </div>
  );
}

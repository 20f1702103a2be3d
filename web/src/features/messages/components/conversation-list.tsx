import { DIRECT_MESSAGE_MESSAGES } from '@myworld/schemas';
import { MessageIcon } from '../../../components/ui/icons.tsx';
import { useConversations } from '../api/list-conversations.ts';
import { useGoBack } from '../hooks/use-go-back.ts';
import { allConversations } from '../lib/conversation-pages.ts';
import { BackButton } from './back-button.tsx';
import { ConversationItem } from './conversation-item.tsx';

interface ConversationListProps {
  me: string;
  /** Read the list every MESSAGE_POLL_MS (the socket is not healthy). */
  poll: boolean;
  onOpen: (userId: string) => void;
  /** The conversation open beside the list (a wide screen shows both), marked as the current one. */
  openId?: string | null;
}

/** The conversations, newest first, with a back control to the previous page. */
export function ConversationList({ me, poll, onOpen, openId = null }: ConversationListProps) {
  const goBack = useGoBack();
  const list = useConversations({ poll });
  const conversations = allConversations(list.data);
  return (
    <section className="conversations" aria-label="Conversations">
      <header className="messages-header">
        <BackButton label="Back" testId="messages-back" onClick={goBack} />
        <h1 className="messages-header__title">Messages</h1>
      </header>
      {list.isPending ? (
        <div className="messages-status">
          <span className="spinner" role="progressbar" aria-label="Loading" />
        </div>
      ) : list.isError && conversations.length === 0 ? (
        <p className="messages-status" role="alert">
          {list.error.message}
        </p>
      ) : conversations.length === 0 ? (
        <div className="empty-state" data-testid="conversations-empty">
          <span className="empty-state__icon" aria-hidden="true">
            <MessageIcon />
          </span>
          <p className="empty-state__title">{DIRECT_MESSAGE_MESSAGES.noConversations}</p>
        </div>
      ) : (
        <ul className="conversations__list" data-testid="conversation-list">
          {conversations.map((c) => (
            <ConversationItem
              key={c.otherUser.id}
              conversation={c}
              me={me}
              onOpen={onOpen}
              open={c.otherUser.id === openId}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="btn btn--ghost messages-more"
          disabled={list.isFetchingNextPage}
          data-testid="conversations-load-more"
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </section>
  );
}

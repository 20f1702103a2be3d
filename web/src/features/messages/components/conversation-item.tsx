import type { Conversation } from '@myworld/schemas';
import { displayName } from '../../../lib/profile-look.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { UnreadBadge } from './unread-badge.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** One row of the list: who, the last message (with "You: " when it was ours), how long ago, and the unread count. */
export function ConversationItem({
  conversation,
  me,
  onOpen,
  open = false,
}: {
  conversation: Conversation;
  me: string;
  onOpen: (userId: string) => void;
  /** Open beside the list (a wide screen). */
  open?: boolean;
}) {
  const { otherUser, lastMessage, unreadCount } = conversation;
  return (
    <li>
      <button
        type="button"
        className={`conversation-item ${unreadCount > 0 ? 'is-unread' : ''}`}
        aria-current={open ? 'true' : undefined}
        data-testid="conversation-item"
        data-user-id={otherUser.id}
        onClick={() => onOpen(otherUser.id)}
      >
        <UserAvatar user={otherUser} />
        <span className="conversation-item__text">
          <span className="conversation-item__top">
            <span className="conversation-item__name">{displayName(otherUser)}</span>
            <time className="conversation-item__time" dateTime={lastMessage.createdAt}>
              {formatRelativeTime(lastMessage.createdAt)}
            </time>
          </span>
          <span className="conversation-item__preview">
            {lastMessage.senderId === me ? 'You: ' : ''}
            {lastMessage.content}
          </span>
        </span>
        <UnreadBadge count={unreadCount} testId="conversation-unread" />
      </button>
    </li>
  );
}

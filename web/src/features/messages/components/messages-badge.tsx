import { useCurrentUser } from '../../../lib/current-user.ts';
import { useConversations } from '../api/list-conversations.ts';
import { useMessagesSync } from '../hooks/use-messages-sync.ts';
import { useUnreadTotal } from '../hooks/use-unread-total.ts';
import { UnreadBadge } from './unread-badge.tsx';
import './messages.css';

/**
 * The bottom bar's Messages badge (the MessagesBadge slot): the total unread count, started from
 * the conversation list and kept live by the socket (which it keeps open on every signed-in page).
 */
export function MessagesBadge() {
  const { user } = useCurrentUser();
  useMessagesSync(user?.id ?? null);
  useConversations({ enabled: user !== null });
  const total = useUnreadTotal() ?? 0;
  return <UnreadBadge count={total} testId="nav-messages-badge" className="unread-badge--nav" />;
}

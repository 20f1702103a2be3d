import { useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useMessagesSync } from '../hooks/use-messages-sync.ts';
import { ChatView, NoChatOpen, SelfChat } from './chat-view.tsx';
import { ConversationList } from './conversation-list.tsx';
import './messages.css';
import './messages-layout.css';

/**
 * /messages: the conversation list, or with ?to={userId} (a list row, or a profile's Message
 * button) the chat with that user. The open chat lives in the address, replaced rather than
 * pushed, so the list's back control leaves for the page before Messages. Both are always there:
 * a phone shows one at a time, a wide screen the list beside the chat (messages-layout.css).
 */
export function MessagesPage() {
  const { user } = useCurrentUser();
  const healthy = useMessagesSync(user?.id ?? null);
  const to = new URLSearchParams(useSearch()).get('to');
  const [, navigate] = useLocation();
  if (!user) return null; // a signed-in route: the shell shows it only with a user
  const open = (userId: string | null) =>
    navigate(userId ? `/messages?to=${encodeURIComponent(userId)}` : '/messages', { replace: true });
  const back = () => open(null);
  return (
    <main className={`messages-page ${to ? 'messages-page--chat-open' : ''}`} data-testid="messages-page">
      <ConversationList me={user.id} poll={!healthy} onOpen={open} openId={to} />
      {!to ? (
        <NoChatOpen />
      ) : to === user.id ? (
        <SelfChat onBack={back} />
      ) : (
        <ChatView key={to} me={user.id} otherUserId={to} poll={!healthy} onBack={back} />
      )}
    </main>
  );
}

import { DIRECT_MESSAGE_MESSAGES } from '@myworld/schemas';
import { MessageIcon } from '../../../components/ui/icons.tsx';
import { useThread } from '../api/list-messages.ts';
import { useChatPartner } from '../hooks/use-chat-partner.ts';
import { useMarkReadWhileOpen } from '../hooks/use-mark-read-while-open.ts';
import { ChatHeader } from './chat-header.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';

interface ChatViewProps {
  me: string;
  otherUserId: string;
  /** Read the latest messages every MESSAGE_POLL_MS (the socket is not healthy). */
  poll: boolean;
  onBack: () => void;
}

/** One conversation: header, messages, composer. Opening it (and each message that arrives while open) marks it read. */
export function ChatView({ me, otherUserId, poll, onBack }: ChatViewProps) {
  const partner = useChatPartner(otherUserId);
  const thread = useThread(otherUserId, { poll });
  useMarkReadWhileOpen(otherUserId, thread.data);
  return (
    <section className="chat-view" data-testid="chat-view" aria-label="Chat">
      <ChatHeader partner={partner} onBack={onBack} />
      <MessageList me={me} otherUserId={otherUserId} thread={thread} />
      {partner.status !== 'not-found' && <MessageComposer me={me} receiverId={otherUserId} />}
    </section>
  );
}

/** /messages?to= naming oneself (a link from one's own profile): nothing to open. */
export function SelfChat({ onBack }: { onBack: () => void }) {
  return (
    <section className="chat-view" data-testid="chat-view" aria-label="Chat">
      <ChatHeader partner={{ status: 'error', message: DIRECT_MESSAGE_MESSAGES.cannotMessageSelf }} onBack={onBack} />
    </section>
  );
}

/** Where the chat goes beside the list on a wide screen, until a conversation is chosen (a phone shows the list alone). */
export function NoChatOpen() {
  return (
    <section className="chat-view chat-view--none" data-testid="chat-none" aria-label="Chat">
      <div className="empty-state">
        <span className="empty-state__icon" aria-hidden="true">
          <MessageIcon />
        </span>
        <p className="empty-state__text">{DIRECT_MESSAGE_MESSAGES.chooseConversation}</p>
      </div>
    </section>
  );
}

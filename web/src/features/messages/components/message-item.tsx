import type { DirectMessage } from '@myworld/schemas';
import { formatRelativeTime } from '../../../lib/relative-time.ts';

/** One message: ours on the right, theirs on the left. */
export function MessageItem({ message, mine }: { message: DirectMessage; mine: boolean }) {
  return (
    <li className={`chat-message ${mine ? 'chat-message--mine' : ''}`} data-testid="message-item" data-mine={mine ? 'true' : 'false'}>
      <p className="chat-message__bubble">{message.content}</p>
      <time className="chat-message__time" dateTime={message.createdAt} title={new Date(message.createdAt).toLocaleString()}>
        {formatRelativeTime(message.createdAt)}
      </time>
    </li>
  );
}

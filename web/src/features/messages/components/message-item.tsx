import type { DirectMessage } from '@myworld/schemas';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useSlots } from '../../../lib/slots.tsx';

/**
 * One message: ours on the right, theirs on the left with Report in a menu beside the bubble (not
 * under it, where three dots read as someone typing).
 */
export function MessageItem({ message, mine }: { message: DirectMessage; mine: boolean }) {
  const { ReportAction } = useSlots();
  return (
    <li
      className={`chat-message ${mine ? 'chat-message--mine' : ''}`}
      data-testid="message-item"
      data-mine={mine ? 'true' : 'false'}
    >
      <div className="chat-message__row">
        <p className="chat-message__bubble">{message.content}</p>
        {!mine && (
          <MenuButton
            label="More about this message"
            testId="message-more"
            items={(close) => <ReportAction contentType="message" contentId={message.id} onDone={close} />}
          />
        )}
      </div>
      <time
        className="chat-message__time"
        dateTime={message.createdAt}
        title={new Date(message.createdAt).toLocaleString()}
      >
        {formatRelativeTime(message.createdAt)}
      </time>
    </li>
  );
}

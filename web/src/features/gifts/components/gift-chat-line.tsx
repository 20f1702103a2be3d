import type { ReceivedGift } from '@myworld/schemas';
import { GiftIcon } from './gift-icon.tsx';
import './gifts.css';

/** A received gift as a line of the room's chat: its picture, who sent how many of what, and their message. */
export function GiftChatLine({ gift }: { gift: ReceivedGift }) {
  return (
    <span className="gift-chat-line" data-gift-type={gift.giftType}>
      <GiftIcon type={gift.giftType} className="gift-chat-line__icon" />
      <span>
        <strong>@{gift.sender.username ?? 'someone'}</strong> sent {gift.quantity} × {gift.giftType}
        {gift.message && (
          <span className="gift-chat-line__message" data-testid="chat-gift-message">
            “{gift.message}”
          </span>
        )}
      </span>
    </span>
  );
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { useSlots } from '../../../lib/slots.tsx';
import type { RoomFeedItem } from '../lib/room-feed.ts';

interface Props {
  /** The chat lines and the gifts received, in the order they came. */
  feed: readonly RoomFeedItem[];
  /** Null for visitors: only signed-in users may chat, so the input is hidden. */
  onSend: ((content: string) => boolean) | null;
  connected: boolean;
  /** The signed-in viewer's id (null for visitors): others' lines offer Report (their sender). */
  viewerId: string | null;
}

/**
 * The room's chat: messages with their senders, each gift (sender, gift and message) among them,
 * and (signed in) an input where Enter sends.
 */
export function StreamChat({ feed, onSend, connected, viewerId }: Props) {
  const { ReportAction, GiftChatLine } = useSlots();
  const [text, setText] = useState('');
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [feed.length]);
  const canSend = text.trim().length > 0 && connected;
  const send = () => {
    if (!canSend || !onSend) return;
    if (onSend(text)) setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };
  return (
    <>
      <ul className="chat-list" ref={list} aria-label="Chat messages" data-testid="chat-messages">
        {feed.length === 0 && <li className="muted">No messages yet. Say hello!</li>}
        {feed.map((item) =>
          item.kind === 'gift' ? (
            <li key={item.key} className="chat-message" data-testid="chat-gift">
              <GiftChatLine gift={item.gift} />
            </li>
          ) : (
            <li key={item.key} className="chat-message" data-testid="chat-message">
              <span>
                <span className="chat-message__name">{item.message.user.username ?? 'someone'}</span>
                <span data-testid="chat-message-content">{item.message.content}</span>
              </span>
              {viewerId && item.message.user.id !== viewerId && (
                <MenuButton
                  label={`More about ${item.message.user.username ?? 'this message'}`}
                  testId="chat-message-more"
                  items={(close) => <ReportAction contentType="user" contentId={item.message.user.id} onDone={close} />}
                />
              )}
            </li>
          ),
        )}
      </ul>
      {onSend && (
        <div className="chat-form">
          <input
            className="input"
            aria-label="Chat message"
            placeholder="Say something..."
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            data-testid="chat-input"
          />
          <button type="button" className="btn btn--primary" disabled={!canSend} onClick={send} data-testid="chat-send">
            Send
          </button>
        </div>
      )}
    </>
  );
}

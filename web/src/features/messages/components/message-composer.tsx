import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { DIRECT_MESSAGE_MESSAGES, MESSAGE_MAX } from '@myworld/schemas';
import { useSendMessage } from '../api/send-message.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';

/**
 * Writes a message (at most 2000 characters, with a live "n/2000" count). Send is disabled while
 * the text is blank or a send is under way; Enter sends, Shift+Enter starts a new line. The text
 * clears once sent and stays (read-only meanwhile) when the send fails.
 */
export function MessageComposer({ me, receiverId }: { me: string; receiverId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const send = useSendMessage(me, receiverId);
  const canSend = text.trim().length > 0 && !send.isPending;

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!canSend) return;
    send.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => toastFailure(DIRECT_MESSAGE_MESSAGES.sendFailed, error),
    });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Not while an input method is composing: its Enter picks a word.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  }

  return (
    <form className="message-composer" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        Message
      </label>
      <textarea
        id={id}
        className="input message-composer__input"
        rows={1}
        maxLength={MESSAGE_MAX}
        placeholder="Type a message..."
        value={text}
        readOnly={send.isPending}
        data-testid="message-input"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="message-composer__side">
        <span className="field__hint" data-testid="message-counter">
          {text.length}/{MESSAGE_MAX}
        </span>
        <button type="submit" className="btn btn--primary btn--small" disabled={!canSend} data-testid="message-send">
          {send.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  );
}

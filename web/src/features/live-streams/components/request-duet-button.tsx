import { useState } from 'react';
import { DUET_MESSAGE_MAX, LIVE_STREAM_MESSAGES } from '@myworld/schemas';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { requestDuet } from '../api/request-duet.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';

/** Request Duet shows only if the stream allows duets, the user is signed in, is not the owner, and there is no duet partner. */
export function canRequestDuet(s: {
  allowDuets: boolean;
  signedIn: boolean;
  isOwner: boolean;
  duetPartnerId: string | null;
}): boolean {
  return s.allowDuets && s.signedIn && !s.isOwner && s.duetPartnerId === null;
}

/** Asks the streamer for a duet, with an optional message the streamer sees with the request. */
export function RequestDuetButton({ streamId }: { streamId: string }) {
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  async function onClick() {
    setSending(true);
    try {
      await requestDuet(streamId, message.trim());
      setMessage('');
      toast({ title: LIVE_STREAM_MESSAGES.duetRequestSent, description: 'The streamer will see your request.' });
    } catch (error) {
      toastFailure('Error', error);
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="stack">
      <TextField
        label="Duet message (optional)"
        maxLength={DUET_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        data-testid="duet-message"
      />
      <button
        type="button"
        className="btn btn--primary"
        data-testid="request-duet"
        disabled={sending}
        onClick={() => void onClick()}
      >
        {sending ? 'Sending...' : LIVE_STREAM_MESSAGES.requestDuet}
      </button>
    </div>
  );
}

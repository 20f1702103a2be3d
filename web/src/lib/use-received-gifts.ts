import { useCallback, useState } from 'react';
import type { ReceivedGift, ServerMessage } from '@myworld/schemas';

export interface ReceivedGifts {
  /** The paid gifts this room heard since the page opened, oldest first, each once. */
  readonly gifts: ReceivedGift[];
  /** The stream's total in cents from the latest gift_received (null until one arrives). */
  readonly totalGiftsReceived: number | null;
  /** Hand every socket message to this; it keeps this stream's gift_received and ignores the rest. */
  onMessage(m: ServerMessage): void;
}

interface State {
  streamId: string;
  gifts: ReceivedGift[];
  total: number | null;
}

const empty = (streamId: string): State => ({ streamId, gifts: [], total: null });

/**
 * The gifts a stream room receives. The page that owns the socket passes its messages to
 * `onMessage` (stable across renders); a redelivered gift is kept once. Opening another stream
 * starts over.
 */
export function useReceivedGifts(streamId: string): ReceivedGifts {
  const [state, setState] = useState<State>(() => empty(streamId));
  const current = state.streamId === streamId ? state : empty(streamId);

  const onMessage = useCallback(
    (m: ServerMessage) => {
      if (m.type !== 'gift_received' || m.streamId !== streamId) return;
      setState((s) => {
        const base = s.streamId === streamId ? s : empty(streamId);
        const known = base.gifts.some((g) => g.id === m.gift.id);
        return { streamId, gifts: known ? base.gifts : [...base.gifts, m.gift], total: m.totalGiftsReceived };
      });
    },
    [streamId],
  );

  return { gifts: current.gifts, totalGiftsReceived: current.total, onMessage };
}

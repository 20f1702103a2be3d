import { useCallback, useEffect, useState } from 'react';
import { LIVE_STREAM_MESSAGES, type ServerMessage } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { answerDuet } from '../api/answer-duet.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';

export type DuetRequest = Extract<ServerMessage, { type: 'duet_request' }>;
type Subscribe = (listener: (message: ServerMessage) => void) => () => void;

export interface DuetRequests {
  /** Pending requests, oldest first, one per requester. */
  readonly requests: readonly DuetRequest[];
  readonly answering: string | null;
  answer(userId: string, answer: 'accept' | 'decline'): Promise<void>;
}

/**
 * The streamer's side of duets: the requests `subscribe` hears (the room's socket, or the
 * broadcast session's), each announced with a "Duet Request" notice, and the Accept/Decline calls.
 * A started duet clears the list (the stream then has its partner).
 */
export function useDuetRequests(streamId: string, subscribe: Subscribe | null): DuetRequests {
  const [requests, setRequests] = useState<DuetRequest[]>([]);
  const [answering, setAnswering] = useState<string | null>(null);

  useEffect(() => {
    if (!subscribe) return;
    return subscribe((m) => {
      if (!('streamId' in m) || m.streamId !== streamId) return;
      if (m.type === 'duet_request') {
        setRequests((list) => [...list.filter((r) => r.from.id !== m.from.id), m]);
        toast({
          title: LIVE_STREAM_MESSAGES.duetRequestTitle,
          description: `@${m.from.username ?? 'unknown'}${m.message ? `: ${m.message}` : ' wants to duet with you'}`,
        });
      }
      if (m.type === 'duet_started') setRequests([]);
    });
  }, [streamId, subscribe]);

  const answer = useCallback(
    async (userId: string, choice: 'accept' | 'decline') => {
      setAnswering(userId);
      try {
        await answerDuet(streamId, userId, choice);
        setRequests((list) => list.filter((r) => r.from.id !== userId));
      } catch (error) {
        toastFailure('Error', error);
      } finally {
        setAnswering(null);
      }
    },
    [streamId],
  );

  return { requests, answering, answer };
}

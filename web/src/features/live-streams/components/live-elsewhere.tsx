import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_STREAM_MESSAGES, STREAM_END_REDIRECT_MS } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { endStream } from '../api/end-stream.ts';
import { useJoinStream } from '../api/join-stream.ts';

/**
 * On /go-live?live={id} in a tab that does not broadcast it (the streamer came from their own
 * stream page in another tab or on another device): the camera and its controls stay where the
 * broadcast runs, so this says so instead of offering a second stream, and still lets them end it.
 */
export function LiveElsewhere({ streamId }: { streamId: string }) {
  const { user } = useCurrentUser();
  const details = useJoinStream(streamId);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [ending, setEnding] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  const stream = details.data;
  if (!stream?.isActive || stream.userId !== user?.id) return null;

  async function onEnd() {
    setEnding(true);
    try {
      await endStream(streamId);
      toast({ title: LIVE_STREAM_MESSAGES.ended, description: LIVE_STREAM_MESSAGES.ownStreamEndedDescription });
      void queryClient.invalidateQueries({ queryKey: queryKeys.liveStreams.listings });
      redirect.current = setTimeout(() => navigate('/live'), STREAM_END_REDIRECT_MS);
    } catch {
      toast({
        title: LIVE_STREAM_MESSAGES.endFailedTitle,
        description: LIVE_STREAM_MESSAGES.endFailed,
        variant: 'destructive',
      });
      setEnding(false);
    }
  }

  return (
    <section className="card live-elsewhere" aria-label={stream.title} data-testid="live-elsewhere">
      <h2 className="streamer-room__title">{stream.title}</h2>
      <p className="muted">{LIVE_STREAM_MESSAGES.liveElsewhere}</p>
      <div className="live-elsewhere__actions">
        <Link href={`/stream/${encodeURIComponent(streamId)}`} className="btn btn--secondary btn--small">
          View Stream Page
        </Link>
        <button
          type="button"
          className="btn btn--danger btn--small"
          data-testid="live-elsewhere-end"
          disabled={ending}
          onClick={() => void onEnd()}
        >
          {ending ? 'Ending...' : 'End Stream'}
        </button>
      </div>
    </section>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIVE_STREAM_MESSAGES,
  paymentOutcome,
  paymentReturnQuery,
  STREAM_ENDED_REDIRECT_MS,
  STREAM_END_REDIRECT_MS,
  type LiveStream,
} from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { hasStatus } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSlots } from '../../../lib/slots.tsx';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { useReceivedGifts } from '../../../lib/use-received-gifts.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { endStream } from '../api/end-stream.ts';
import { useJoinStream } from '../api/join-stream.ts';
import { useStreamChat } from '../api/get-stream-chat.ts';
import { feedAfterHistory } from '../lib/room-feed.ts';
import { useBroadcast } from '../hooks/use-broadcast.ts';
import { useCamera } from '../hooks/use-camera.ts';
import { useStreamRoom, type StreamRoom as StreamRoomState } from '../hooks/use-stream-room.ts';
import { useDuet } from '../hooks/use-duet.ts';
import { useDuetRequests } from '../hooks/use-duet-requests.ts';
import { broadcastSession } from '../lib/broadcast-session.ts';
import { capitalize, formatStreamAge } from '../lib/format.ts';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { StreamChat } from './stream-chat.tsx';
import { StreamVideo } from './stream-video.tsx';
import { DuetRequestsPanel } from './duet-requests-panel.tsx';
import { RequestDuetButton, canRequestDuet } from './request-duet-button.tsx';
import { LiveBadge } from './viewer-badge.tsx';
import './live-streams.css';
import './stream-room-layout.css';

/**
 * /stream/{streamId}: the live room (visitors watch too, without the chat input). The gift payment
 * window comes back here from the card payment (Stripe's return, the outcome in the query): it then
 * shows the gifts feature's hand-back to the buyer's tab, not a second copy of the room.
 */
export function StreamPage() {
  const { streamId = '' } = useParams<{ streamId: string }>();
  const { PaymentReturn } = useSlots();
  const [, navigate] = useLocation();
  const search = useSearch();
  const returned = paymentReturnQuery.safeParse(Object.fromEntries(new URLSearchParams(search)));
  if (returned.success)
    return (
      <PaymentReturn
        paymentIntentId={returned.data.payment_intent}
        outcome={paymentOutcome(returned.data.redirect_status)}
        onNoBuyerTab={() => navigate(`/stream/${encodeURIComponent(streamId)}`, { replace: true })}
      />
    );
  return <StreamDetails streamId={streamId} />;
}

function StreamDetails({ streamId }: { streamId: string }) {
  const details = useJoinStream(streamId);
  const [, navigate] = useLocation();
  const gone = details.isError && hasStatus(details.error, 410);
  // This tab's broadcast (ending or just ended too) shows its camera; any other page, the streamer's
  // other tab included, receives the room's media. Decided once per broadcast: it is per socket.
  const broadcast = useBroadcast();
  const broadcastsHere = broadcast.stream?.id === streamId && broadcast.phase !== 'idle';
  // The room is joined while the details load, not after: the first frame comes a round trip sooner.
  const room = useStreamRoom(streamId, !details.isError, !broadcastsHere);

  useEffect(() => {
    if (!gone) return;
    const t = setTimeout(() => navigate('/live'), STREAM_ENDED_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [gone, navigate]);

  if (details.isLoading) {
    return (
      <main className="full-screen-center" data-testid="stream-loading">
        <span className="spinner" role="progressbar" aria-label="Loading" />
        <p className="muted">Loading stream...</p>
      </main>
    );
  }
  if (!details.data) {
    return (
      <main className="stream-room">
        <header className="stream-room__header">
          <BackButton to="/" />
        </header>
        <div className="stream-ended" data-testid={gone ? 'stream-ended' : 'stream-not-found'}>
          <h1>{gone ? 'Stream Ended' : 'Stream not found'}</h1>
          <p className="muted">{gone ? 'This live stream has ended.' : 'This live stream does not exist.'}</p>
        </div>
      </main>
    );
  }
  return <StreamRoom key={details.data.id} stream={details.data} room={room} broadcastsHere={broadcastsHere} />;
}

type Tab = 'video' | 'chat' | 'actions';

/** One video on the stage: a producing peer, or this page's own camera. */
interface Tile {
  key: string;
  media: MediaStream | null;
  self: boolean;
  mirrored: boolean;
}

function StreamRoom({
  stream,
  room,
  broadcastsHere,
}: {
  stream: LiveStream;
  room: StreamRoomState;
  broadcastsHere: boolean;
}) {
  const { user } = useCurrentUser();
  const { GiftPicker, GiftAnimation, ReportAction } = useSlots();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const broadcast = useBroadcast();
  const ownBroadcast = broadcast.stream?.id === stream.id && broadcast.phase === 'live';
  const history = useStreamChat(stream.id);
  const cam = useCamera();
  const duet = useDuet(stream, user?.id ?? null, room.socket);
  const gifts = useReceivedGifts(stream.id);
  const [tab, setTab] = useState<Tab>('chat');
  const [ending, setEnding] = useState(false);
  const [ended, setEnded] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const isOwner = user?.id === stream.userId;
  // Like YouTube's watch page for its creator: the stream as viewers see it, control elsewhere.
  const watchingOwn = isOwner && !broadcastsHere;
  const viewerCount = room.viewerCount ?? stream.viewerCount;
  const subscribeRoom = useMemo(() => (room.socket ? room.socket.subscribe.bind(room.socket) : null), [room.socket]);
  const duetRequests = useDuetRequests(stream.id, isOwner ? subscribeRoom : null);
  const feed = useMemo(() => feedAfterHistory(history.data ?? [], room.feed), [history.data, room.feed]);

  // Gifts arrive on the room's socket, for everyone in the room (visitors too).
  const onGiftMessage = gifts.onMessage;
  useEffect(() => subscribeRoom?.(onGiftMessage), [subscribeRoom, onGiftMessage]);

  const finish = (delay: number) => {
    if (ended) return;
    setEnded(true);
    toast({ title: LIVE_STREAM_MESSAGES.ended, description: 'This live stream has ended.' });
    void queryClient.invalidateQueries({ queryKey: queryKeys.liveStreams.listings });
    redirect.current = setTimeout(() => navigate('/live'), delay);
  };

  useEffect(() => {
    if (room.ended) finish(STREAM_ENDED_REDIRECT_MS);
  }, [room.ended]);

  async function onEnd() {
    setEnding(true);
    try {
      if (ownBroadcast) await broadcastSession.end();
      else await endStream(stream.id);
      finish(STREAM_END_REDIRECT_MS);
    } catch {
      toast({
        title: LIVE_STREAM_MESSAGES.endFailedTitle,
        description: LIVE_STREAM_MESSAGES.endFailed,
        variant: 'destructive',
      });
    } finally {
      setEnding(false);
    }
  }

  const endButton = isOwner && !ended && (
    <button
      type="button"
      className="btn btn--danger btn--small"
      data-testid="end-stream"
      disabled={ending}
      onClick={() => void onEnd()}
    >
      {ending ? 'Ending...' : 'End Stream'}
    </button>
  );
  const inDuet = duet.partnerId !== null && (isOwner || duet.partnerId === user?.id);

  // The streamer's own page shows its camera (and the partner the broadcast receives); others
  // show every producing peer, plus their own camera while they are the partner.
  const tiles: Tile[] = ownBroadcast
    ? [
        { key: 'self', media: cam.media, self: true, mirrored: cam.facing === 'user' },
        ...(broadcast.partner ? [{ key: 'partner', media: broadcast.partnerMedia, self: false, mirrored: false }] : []),
      ]
    : [
        ...room.peers.map((p) => ({ key: p.peerId, media: p.media, self: false, mirrored: false })),
        ...(duet.selfMedia ? [{ key: 'self', media: duet.selfMedia, self: true, mirrored: true }] : []),
      ];
  const waiting = ended ? <p>Stream Ended</p> : room.error ? <p>{room.error}</p> : <p>Waiting for the stream...</p>;
  const badge = <LiveBadge viewerCount={viewerCount} testId="viewer-count" />;

  return (
    <main className="stream-room" data-testid="stream-page" data-stream-id={stream.id}>
      <header className="stream-room__header">
        <BackButton to="/" />
        <div className="stream-room__titles">
          <h1 className="stream-room__title" data-testid="stream-title">
            {stream.title}
          </h1>
          <p className="stream-room__streamer">@{stream.streamerUsername ?? 'unknown'}</p>
        </div>
        {endButton}
        {user && !isOwner && (
          <MenuButton
            label="More about this stream"
            testId="stream-more"
            items={(close) => <ReportAction contentType="stream" contentId={stream.id} onDone={close} />}
          />
        )}
      </header>
      <div className="stream-stage">
        {tiles.length >= 2 ? (
          <div className="duet-layout" data-testid="duet-layout">
            {tiles.map((t, i) => (
              <StreamVideo
                key={t.key}
                media={t.media}
                mirrored={t.mirrored}
                self={t.self}
                videoTestId={t.self ? 'stream-self-video' : 'stream-peer-video'}
                overlay={i === 0 ? badge : undefined}
                waiting={<p>{t.self ? 'Starting your camera...' : 'Waiting for the video...'}</p>}
              />
            ))}
          </div>
        ) : (
          <StreamVideo
            media={tiles[0]?.media ?? null}
            mirrored={tiles[0]?.mirrored}
            self={tiles[0]?.self}
            overlay={badge}
            waiting={waiting}
          />
        )}
        <GiftAnimation gifts={gifts.gifts} />
      </div>
      {watchingOwn && !ended && (
        <p className="stream-room__own-note" role="note" data-testid="own-stream-note">
          {LIVE_STREAM_MESSAGES.ownStreamWatching}{' '}
          <Link href={`/go-live?live=${encodeURIComponent(stream.id)}`}>{LIVE_STREAM_MESSAGES.ownStreamControl}</Link>
        </p>
      )}
      <DuetRequestsPanel duet={duetRequests} />
      <div className="stream-tabs" role="tablist" aria-label="Stream">
        {(['video', 'chat', 'actions'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            data-testid={`tab-${t}`}
          >
            {capitalize(t)}
          </button>
        ))}
      </div>
      <div className="stream-tab" role="tabpanel">
        {tab === 'video' && (
          <dl className="stack" data-testid="stream-details">
            <div className="panel__row">
              <dt>Category</dt>
              <dd>{capitalize(stream.category)}</dd>
            </div>
            {stream.startedAt && (
              <div className="panel__row">
                <dt>Live for</dt>
                <dd>{formatStreamAge(stream.startedAt, new Date())}</dd>
              </div>
            )}
            {stream.description && <p className="muted">{stream.description}</p>}
          </dl>
        )}
        {tab === 'chat' && (
          <StreamChat
            feed={feed}
            connected={room.connected}
            onSend={user ? room.sendChat : null}
            viewerId={user?.id ?? null}
          />
        )}
        {tab === 'actions' && (
          <div className="stack" data-testid="stream-actions">
            <GiftPicker streamId={stream.id} isOwner={isOwner} signedIn={!!user} />
            {canRequestDuet({
              allowDuets: stream.allowDuets,
              signedIn: !!user,
              isOwner,
              duetPartnerId: duet.partnerId,
            }) && <RequestDuetButton streamId={stream.id} />}
            {inDuet && (
              <button
                type="button"
                className="btn btn--secondary"
                data-testid="end-duet"
                disabled={duet.ending}
                onClick={() => void duet.end()}
              >
                {duet.ending ? 'Ending...' : LIVE_STREAM_MESSAGES.endDuet}
              </button>
            )}
            {endButton}
          </div>
        )}
      </div>
    </main>
  );
}

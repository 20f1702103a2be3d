import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIVE_STREAM_DESCRIPTION_MAX,
  LIVE_STREAM_MESSAGES,
  LIVE_STREAM_TITLE_MAX,
  STREAM_END_REDIRECT_MS,
  liveStreamCategory,
  type FaceFilterId,
} from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSlots } from '../../../lib/slots.tsx';
import { useReceivedGifts } from '../../../lib/use-received-gifts.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getStream } from '../api/get-stream.ts';
import { startStream } from '../api/start-stream.ts';
import { endDuet } from '../api/end-duet.ts';
import { useBroadcast } from '../hooks/use-broadcast.ts';
import { useDuetRequests } from '../hooks/use-duet-requests.ts';
import { useCamera } from '../hooks/use-camera.ts';
import { broadcastSession } from '../lib/broadcast-session.ts';
import { camera } from '../lib/camera.ts';
import { nextFilterIndex } from '../lib/video-filters.ts';
import { localInputToIso } from '../../../lib/local-time.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { CameraPreview } from './camera-preview.tsx';
import { SignInRequired } from './sign-in-required.tsx';
import { StreamInfoPanel } from './stream-info-panel.tsx';
import { StreamSettingsPanel, type StreamForm } from './stream-settings-panel.tsx';
import { LiveBadge } from './viewer-badge.tsx';
import { DuetRequestsPanel } from './duet-requests-panel.tsx';
import { StreamVideo } from './stream-video.tsx';
import { StreamerRoom } from './streamer-room.tsx';
import { LiveElsewhere } from './live-elsewhere.tsx';
import './live-streams.css';

/** /go-live: the broadcaster's page (visitors see a sign-in card instead). */
export function GoLivePage() {
  const { user } = useCurrentUser();
  if (!user) return <SignInRequired />;
  return <Broadcaster />;
}

function Broadcaster() {
  const [, navigate] = useLocation();
  const { GiftAnimation, EarningsSummary } = useSlots();
  const queryClient = useQueryClient();
  const cam = useCamera();
  const session = useBroadcast();
  // The /upload hub's live tab hands its draft over in the query string.
  const search = useSearch();
  const [form, setForm] = useState<StreamForm>(() => draftFromQuery(search));
  // /go-live?scheduled={id}: the owner starts a stream they scheduled (its details fill the form).
  const scheduledId = useMemo(() => new URLSearchParams(search).get('scheduled'), [search]);
  // /go-live?live={id}: from the streamer's own stream page, which may be in a tab that does not broadcast it.
  const liveElsewhereId = useMemo(() => new URLSearchParams(search).get('live'), [search]);
  const [scheduling, setScheduling] = useState(false);
  const [endingDuet, setEndingDuet] = useState(false);
  const [filterIndex, setFilterIndex] = useState(0);
  const [faceFilter, setFaceFilter] = useState<FaceFilterId>('none');
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isLive = session.phase === 'live' || session.phase === 'ending';
  const starting = session.phase === 'starting';
  const liveId = isLive ? (session.stream?.id ?? '') : '';
  const gifts = useReceivedGifts(liveId);
  const duetRequests = useDuetRequests(liveId, isLive ? subscribeSession : null);

  useEffect(() => {
    if (!scheduledId) return;
    let cancelled = false;
    getStream(scheduledId).then(
      (s) =>
        !cancelled &&
        setForm((f) => ({
          ...f,
          title: s.title,
          description: s.description,
          category: s.category,
          allowDuets: s.allowDuets,
          scheduleLater: false,
        })),
      (error: unknown) => !cancelled && toastFailure('Error', error),
    );
    return () => {
      cancelled = true;
    };
  }, [scheduledId]);

  // The room's gifts (animation) and the duet's notices come from the broadcast's own socket.
  const onGiftMessage = gifts.onMessage;
  useEffect(() => broadcastSession.subscribe(onGiftMessage), [onGiftMessage]);
  useEffect(
    () =>
      broadcastSession.subscribe((m) => {
        if (m.type === 'duet_started')
          toast({
            title: LIVE_STREAM_MESSAGES.duetStarted,
            description: `@${m.partner.username ?? 'unknown'} joined your stream`,
          });
        if (m.type === 'duet_ended') toast({ title: LIVE_STREAM_MESSAGES.duetEnded });
      }),
    [],
  );

  // A camera switch while live replaces the broadcast's video track.
  useEffect(() => {
    camera.onVideoTrackChanged = (track) => broadcastSession.replaceVideoTrack(track);
    return () => {
      camera.onVideoTrackChanged = null;
    };
  }, []);

  // Leaving the page before going live releases the camera; a live broadcast keeps it.
  useEffect(
    () => () => {
      clearTimeout(redirect.current);
      const phase = broadcastSession.state.phase;
      if (phase !== 'live' && phase !== 'starting' && phase !== 'ending') camera.stop();
      broadcastSession.reset();
    },
    [],
  );

  // However it ended (End Stream, or the server ended it), say so and go to /live after 2 s.
  useEffect(() => {
    if (session.phase !== 'ended') return;
    toast({ title: LIVE_STREAM_MESSAGES.ended, description: 'Your live stream has ended.' });
    camera.stop();
    void queryClient.invalidateQueries({ queryKey: queryKeys.liveStreams.listings });
    redirect.current = setTimeout(() => {
      broadcastSession.reset();
      navigate('/live');
    }, STREAM_END_REDIRECT_MS);
  }, [session.phase, navigate, queryClient]);

  async function enableCamera() {
    try {
      await camera.enable();
    } catch (error) {
      const denied = camera.state.status === 'denied';
      toast({
        title: 'Camera Access Failed',
        description: denied ? 'Camera access denied.' : error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  async function withSwitchRestore(change: () => Promise<void>) {
    try {
      await change();
    } catch {
      toast({
        title: 'Camera Switch Failed',
        description: 'Your previous camera was restored.',
        variant: 'destructive',
      });
    }
  }

  async function goLive(e?: FormEvent) {
    e?.preventDefault();
    if (starting || scheduling) return;
    if (form.title.trim().length === 0) {
      toast({
        title: LIVE_STREAM_MESSAGES.titleRequiredTitle,
        description: LIVE_STREAM_MESSAGES.titleRequired,
        variant: 'destructive',
      });
      return;
    }
    if (schedule) return scheduleStream();
    if (cam.status !== 'ready' || !cam.media) {
      toast({
        title: LIVE_STREAM_MESSAGES.cameraRequiredTitle,
        description: LIVE_STREAM_MESSAGES.cameraRequired,
        variant: 'destructive',
      });
      return;
    }
    try {
      await broadcastSession.start(
        {
          title: form.title,
          description: form.description,
          category: form.category,
          tags: [],
          allowDuets: form.allowDuets,
        },
        cam.media,
        scheduledId ?? undefined,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.liveStreams.listings });
      toast({ title: LIVE_STREAM_MESSAGES.live, description: 'Your stream is now live.' });
    } catch (error) {
      toast({
        title: LIVE_STREAM_MESSAGES.startFailedTitle,
        description: serverMessage(error) ?? (error instanceof Error ? error.message : undefined),
        variant: 'destructive',
      });
    }
  }

  /** "Schedule Stream": a title and a future start time, no camera; then the listing. */
  async function scheduleStream() {
    const scheduledFor = localInputToIso(form.scheduledFor);
    if (!scheduledFor) {
      toast({
        title: 'Start time required',
        description: 'Please choose when your stream starts',
        variant: 'destructive',
      });
      return;
    }
    setScheduling(true);
    try {
      await startStream({
        title: form.title,
        description: form.description,
        category: form.category,
        tags: [],
        allowDuets: form.allowDuets,
        scheduledFor,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.liveStreams.listings });
      toast({
        title: 'Stream scheduled',
        description: `${form.title.trim()} starts ${new Date(scheduledFor).toLocaleString()}`,
      });
      navigate('/live');
    } catch (error) {
      toastFailure('Failed to Schedule Stream', error);
    } finally {
      setScheduling(false);
    }
  }

  async function onEndDuet() {
    const stream = session.stream;
    if (!stream) return;
    setEndingDuet(true);
    try {
      await endDuet(stream.id);
    } catch (error) {
      toastFailure('Error', error);
    } finally {
      setEndingDuet(false);
    }
  }

  async function endLive() {
    try {
      await broadcastSession.end();
    } catch {
      toast({
        title: LIVE_STREAM_MESSAGES.endFailedTitle,
        description: LIVE_STREAM_MESSAGES.endFailed,
        variant: 'destructive',
      });
    }
  }

  const schedule = !scheduledId && form.scheduleLater;
  const canGoLive = form.title.trim().length > 0 && cam.status === 'ready' && !starting;
  const action = isLive ? (
    <button
      type="button"
      className="btn btn--danger"
      data-testid="end-stream"
      disabled={session.phase === 'ending'}
      onClick={() => void endLive()}
    >
      {session.phase === 'ending' ? 'Ending...' : 'End Stream'}
    </button>
  ) : schedule ? (
    <button
      type="submit"
      form="go-live-form"
      className="btn btn--primary"
      data-testid="schedule-stream"
      disabled={form.title.trim().length === 0 || scheduling}
    >
      {scheduling ? 'Scheduling...' : 'Schedule Stream'}
    </button>
  ) : (
    <button type="submit" form="go-live-form" className="btn btn--primary" data-testid="go-live" disabled={!canGoLive}>
      {starting ? 'Starting...' : 'Go Live'}
    </button>
  );

  // The duet partner while live: their tile beside the preview, and the controls under both.
  const duetPartner = isLive ? session.partner : null;
  const preview = (
    <CameraPreview
      controls={duetPartner ? 'after' : 'over'}
      camera={cam}
      filterIndex={filterIndex}
      faceFilter={faceFilter === 'none' ? null : faceFilter}
      onEnable={() => void enableCamera()}
      onSwitch={() => void withSwitchRestore(() => camera.switchCamera())}
      onCycleFilter={() => setFilterIndex(nextFilterIndex)}
      onToggleAudio={() => camera.toggleAudio()}
      onToggleVideo={() => camera.toggleVideo()}
      action={action}
    />
  );

  return (
    <main className="go-live" data-testid="go-live-page">
      <header className="live-header">
        <BackButton to="/live" />
        <h1 className="live-header__title">{isLive ? "You're Live!" : 'Prepare to Go Live'}</h1>
        {isLive && <LiveBadge viewerCount={session.viewerCount} testId="live-badge" />}
      </header>
      {liveElsewhereId && session.phase === 'idle' && <LiveElsewhere streamId={liveElsewhereId} />}
      <div className="stream-stage">
        {duetPartner ? (
          <div className="duet-layout duet-layout--go-live" data-testid="duet-layout">
            {preview}
            <StreamVideo
              media={session.partnerMedia}
              videoTestId="stream-peer-video"
              waiting={<p>Waiting for @{duetPartner.username ?? 'partner'}...</p>}
            />
          </div>
        ) : (
          preview
        )}
        <GiftAnimation gifts={gifts.gifts} />
      </div>
      {duetPartner && (
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="end-duet"
          disabled={endingDuet}
          onClick={() => void onEndDuet()}
        >
          {endingDuet ? 'Ending...' : LIVE_STREAM_MESSAGES.endDuet}
        </button>
      )}
      {isLive && <DuetRequestsPanel duet={duetRequests} />}
      {isLive && (
        <StreamerRoom
          feed={session.feed}
          viewerCount={session.viewerCount}
          streamerId={session.stream?.userId ?? null}
        />
      )}
      {isLive && session.stream ? (
        <StreamInfoPanel stream={session.stream} viewerCount={session.viewerCount} giftsCents={session.giftsCents} />
      ) : (
        <form id="go-live-form" onSubmit={(e) => void goLive(e)} noValidate>
          <StreamSettingsPanel
            form={form}
            onChange={setForm}
            camera={cam}
            onFacing={(f) => void withSwitchRestore(() => camera.setFacing(f))}
            faceFilter={faceFilter}
            onFaceFilter={setFaceFilter}
            canSchedule={!scheduledId}
          />
        </form>
      )}
      {!isLive && <EarningsSummary />}
    </main>
  );
}

/** A stream draft from `?title=&description=&category=` (the hub's live tab), within the setup form's limits. */
function draftFromQuery(search: string): StreamForm {
  const query = new URLSearchParams(search);
  const category = liveStreamCategory.safeParse(query.get('category'));
  return {
    title: (query.get('title') ?? '').slice(0, LIVE_STREAM_TITLE_MAX),
    description: (query.get('description') ?? '').slice(0, LIVE_STREAM_DESCRIPTION_MAX),
    category: category.success ? category.data : 'general',
    allowDuets: true,
    scheduleLater: false,
    scheduledFor: '',
  };
}

const subscribeSession = broadcastSession.subscribe.bind(broadcastSession);

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { FaceFilterId, VideoCategory } from '@myworld/schemas';
import { useSearch } from 'wouter';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCameraStream } from '../hooks/use-camera-stream.ts';
import { useCameraTake, type Take } from '../hooks/use-camera-take.ts';
import { useFaceDetection } from '../hooks/use-face-detection.ts';
import { useMediaClock } from '../hooks/use-media-clock.ts';
import { useRenderLoop } from '../hooks/use-render-loop.ts';
import { useSaveVideo } from '../hooks/use-save-video.ts';
import { colorFilterCss } from '../lib/color-filters.ts';
import { buildEffectsList } from '../lib/effects-list.ts';
import { elementAudio, releaseElementAudio, routedAudio } from '../lib/element-audio.ts';
import { initialLook, lookReducer } from '../lib/editor-look.ts';
import type { Scene } from '../lib/render-frame.ts';
import { ColorTab } from './color-tab.tsx';
import { EditorTopBar, type EditorMode } from './editor-top-bar.tsx';
import { FaceTab } from './face-tab.tsx';
import { OverlayLayer } from './overlay-layer.tsx';
import { PlaybackControls } from './playback-controls.tsx';
import { SaveSheet } from './save-sheet.tsx';
import { SourcePicker, type EditorSource } from './source-picker.tsx';
import { StickersTab } from './stickers-tab.tsx';
import { TextTab } from './text-tab.tsx';
import './video-editor.css';

type EditorTab = 'face' | 'color' | 'stickers' | 'text';
const TABS = [
  { id: 'face', label: 'Face' },
  { id: 'color', label: 'Color' },
  { id: 'stickers', label: 'Stickers' },
  { id: 'text', label: 'Text' },
] as const;

let overlaySeq = 0;
const newOverlayId = (kind: 'text' | 'sticker') => `${kind}-${Date.now().toString(36)}-${++overlaySeq}`;

/**
 * /video-editor (full screen): edit one of your videos, a file, or a camera take with a colour
 * filter, a face filter that follows the detected face, stickers and texts, all drawn on one
 * canvas; then render it (canvas capture plus the source's sound), upload it and post it as a
 * short video carrying its effects list. Camera mode shows the same effects live while recording
 * a take, which is then edited and saved like any video.
 */
const EDITOR_PLAYBACK_FAILED = 'Could not play the video';

export function VideoEditorPage() {
  const { user } = useCurrentUser();
  // /video-editor?video={id}: a video's "Edit in video editor" opens it here.
  const preselectedVideo = new URLSearchParams(useSearch()).get('video');
  const [mode, setMode] = useState<EditorMode>('playback');
  const [tab, setTab] = useState<EditorTab>('face');
  const [look, dispatch] = useReducer(lookReducer, initialLook);
  const [source, setSource] = useState<EditorSource | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraAttempt, setCameraAttempt] = useState(0);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [playbackVideo, setPlaybackVideo] = useState<HTMLVideoElement | null>(null);
  const [cameraVideo, setCameraVideo] = useState<HTMLVideoElement | null>(null);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [frame, setFrame] = useState({ width: 9, height: 16 });
  const frameRef = useRef<HTMLDivElement>(null);

  const camera = useCameraStream(mode === 'camera', cameraAttempt);
  const active = mode === 'camera' ? cameraVideo : playbackVideo;
  const detection = useFaceDetection(active, look.faceFilter !== 'none');
  const playbackClock = useMediaClock(playbackVideo, source?.duration ?? null);
  const cameraClock = useMediaClock(cameraVideo, null);
  const saving = useSaveVideo();

  // The render loop reads the chosen effects from here on every frame.
  const lookRef = useRef<Omit<Scene, 'face'>>({ filterCss: 'none', faceFilter: 'none', overlays: [] });
  useEffect(() => {
    lookRef.current = { filterCss: colorFilterCss(look.filter), faceFilter: look.faceFilter, overlays: look.overlays };
  }, [look]);
  const onSize = useCallback((width: number, height: number) => setFrame({ width, height }), []);
  useRenderLoop(canvas, active, lookRef, detection.faceRef, onSize);

  // The camera's picture in its (hidden) element, the source of the canvas in camera mode.
  useEffect(() => {
    if (!cameraVideo) return;
    cameraVideo.srcObject = camera.stream;
    if (camera.stream) void cameraVideo.play().catch(() => undefined);
  }, [cameraVideo, camera.stream]);

  // Mute: the preview's sound in playback (never the saved video's), the microphone in camera mode.
  useEffect(() => {
    if (playbackVideo) routedAudio(playbackVideo)?.setMuted(muted);
    for (const track of camera.stream?.getAudioTracks() ?? []) track.enabled = !muted;
  }, [muted, playbackVideo, camera.stream]);
  useEffect(() => {
    if (!playbackVideo) return;
    return () => releaseElementAudio(playbackVideo);
  }, [playbackVideo]);

  // A file or take of this page's own is let go once replaced.
  useEffect(() => {
    if (!source?.local) return;
    return () => URL.revokeObjectURL(source.url);
  }, [source]);

  const onTake = useCallback((take: Take) => {
    setSource({ url: URL.createObjectURL(take.file), label: 'Camera take', duration: take.duration, local: true });
    setMode('playback');
  }, []);
  const take = useCameraTake(onTake);

  /** The playback sound's router, made on the first click that needs it (browsers start audio only after a gesture). */
  function playbackAudio(video: HTMLVideoElement) {
    const audio = elementAudio(video);
    audio?.setMuted(muted);
    void audio?.resume();
    return audio;
  }

  function playPause() {
    const video = active;
    if (!video) return;
    if (video.paused) {
      if (video === playbackVideo) playbackAudio(video);
      // Said out loud: a video that does not play is never a silent button.
      void video.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return; // paused or replaced meanwhile
        toast({
          title: EDITOR_PLAYBACK_FAILED,
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
      });
    } else video.pause();
  }

  function publish(description: string, category: VideoCategory) {
    if (!playbackVideo || !canvas) return;
    const audio = playbackAudio(playbackVideo);
    void saving.save({
      render: { canvas, video: playbackVideo, audio: audio?.track() ?? null, duration: playbackClock.duration },
      description,
      category,
      effects: buildEffectsList(look),
    });
  }

  const hasPicture = mode === 'camera' ? camera.status === 'ready' : source !== null;
  const clock =
    mode === 'camera'
      ? { ...cameraClock, currentTime: take.elapsed, duration: take.recording ? Math.max(take.elapsed, 1) : 0 }
      : playbackClock;

  return (
    <main className="video-editor" data-testid="video-editor-page" data-mode={mode}>
      <EditorTopBar
        mode={mode}
        onMode={(m) => {
          playbackVideo?.pause();
          setMode(m);
        }}
        canSave={mode === 'playback' && source !== null}
        onSave={() => {
          playbackVideo?.pause();
          setSheetOpen(true);
        }}
        busy={saving.busy || take.recording}
      />

      <div className="editor-stage">
        <div
          className="editor-frame"
          ref={frameRef}
          style={{ aspectRatio: `${frame.width} / ${frame.height}`, ...{ '--ratio': frame.width / frame.height } }}
          hidden={!hasPicture}
        >
          <canvas ref={setCanvas} className="editor-canvas" data-testid="editor-canvas" aria-label="Edited video" />
          <OverlayLayer overlays={look.overlays} frameRef={frameRef} dispatch={dispatch} disabled={saving.busy} />
        </div>
        {mode === 'playback' && !source && user && (
          <SourcePicker userId={user.id} onPick={setSource} preselect={preselectedVideo} />
        )}
        {mode === 'camera' && camera.status === 'requesting' && (
          <p className="editor-stage__note">Starting the camera...</p>
        )}
        {mode === 'camera' && camera.status === 'failed' && (
          <div className="editor-stage__note" role="alert" data-testid="camera-error">
            <p>{camera.error}</p>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              onClick={() => setCameraAttempt((n) => n + 1)}
            >
              Try Again
            </button>
          </div>
        )}
        {/* The sources the canvas draws: kept in the page, never shown themselves. */}
        <video
          ref={setPlaybackVideo}
          className="editor-source-video"
          src={source?.url}
          loop
          playsInline
          preload="auto"
          data-testid="editor-playback-video"
          onError={(e) =>
            source &&
            toast({
              title: EDITOR_PLAYBACK_FAILED,
              description: e.currentTarget.error?.message || 'This video cannot be played in this browser.',
              variant: 'destructive',
            })
          }
        />
        <video
          ref={setCameraVideo}
          className="editor-source-video"
          muted
          playsInline
          data-testid="editor-camera-video"
        />
      </div>

      <div className="editor-bottom">
        <PlaybackControls
          playing={clock.playing}
          muted={muted}
          currentTime={clock.currentTime}
          duration={clock.duration}
          disabled={!hasPicture || saving.busy}
          seekable={mode === 'playback'}
          onPlayPause={playPause}
          onMute={() => setMuted((m) => !m)}
          onSeek={(s) => {
            if (playbackVideo) playbackVideo.currentTime = s;
          }}
        />
        <div className="editor-actions">
          {mode === 'camera' && camera.stream && (
            <button
              type="button"
              className={`btn btn--small ${take.recording ? 'btn--danger' : 'btn--primary'}`}
              onClick={() => (take.recording ? void take.stop() : take.start(camera.stream!))}
              data-testid="editor-record"
            >
              {take.recording ? 'Stop' : 'Record'}
            </button>
          )}
          {mode === 'playback' && source && (
            <button
              type="button"
              className="btn btn--ghost btn--small editor-change"
              onClick={() => setSource(null)}
              disabled={saving.busy}
              data-testid="editor-change-source"
            >
              Change video
            </button>
          )}
        </div>
        <TabList
          label="Effects"
          tabs={TABS}
          value={tab}
          onChange={setTab}
          className="editor-tabs"
          tabClassName="editor-tab"
          testId={(id) => `editor-tab-${id}`}
        />
        <fieldset
          className="editor-panel"
          role="tabpanel"
          aria-label={TABS.find((t) => t.id === tab)?.label}
          disabled={saving.busy}
        >
          {tab === 'face' && (
            <FaceTab
              value={look.faceFilter}
              onChange={(id: FaceFilterId) => dispatch({ type: 'face-filter', id })}
              detection={detection}
            />
          )}
          {tab === 'color' && <ColorTab value={look.filter} onChange={(id) => dispatch({ type: 'filter', id })} />}
          {tab === 'stickers' && (
            <StickersTab onAdd={(emoji) => dispatch({ type: 'add-sticker', id: newOverlayId('sticker'), emoji })} />
          )}
          {tab === 'text' && (
            <TextTab onAdd={(text, style) => dispatch({ type: 'add-text', id: newOverlayId('text'), text, style })} />
          )}
        </fieldset>
      </div>

      {sheetOpen && (
        <SaveSheet
          state={saving.state}
          onPublish={publish}
          onClose={() => {
            saving.reset();
            setSheetOpen(false);
          }}
          onReset={saving.reset}
        />
      )}
    </main>
  );
}

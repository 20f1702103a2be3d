import { useEffect, useRef, useState, type ReactNode } from 'react';
import { recordFirstFrame } from '../lib/stats-probe.ts';

interface StreamVideoProps {
  media: MediaStream | null;
  mirrored?: boolean;
  overlay?: ReactNode;
  waiting: ReactNode;
  /** The video element's test id: "stream-video-element" alone, "stream-peer-video" in a duet. */
  videoTestId?: string;
  /** The page's own camera: never unmuted (it would echo). */
  self?: boolean;
}

/**
 * The room's video (or one peer's, side by side in a duet). Starts muted (browsers only autoplay
 * muted media) with an Unmute button; the first shown frame is recorded for the latency figures.
 */
export function StreamVideo({
  media,
  mirrored,
  overlay,
  waiting,
  videoTestId = 'stream-video-element',
  self = false,
}: StreamVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [hasFrame, setHasFrame] = useState(false);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (el.srcObject !== media) el.srcObject = media;
    if (!media) return;
    void el.play().catch(() => undefined);
    const onFrame = () => {
      setHasFrame(true);
      recordFirstFrame();
    };
    if (typeof el.requestVideoFrameCallback === 'function') {
      const handle = el.requestVideoFrameCallback(onFrame);
      return () => el.cancelVideoFrameCallback(handle);
    }
    const target: HTMLVideoElement = el;
    target.addEventListener('loadeddata', onFrame, { once: true });
    return () => target.removeEventListener('loadeddata', onFrame);
  }, [media]);
  return (
    <div className="stream-video" data-testid="stream-video">
      <video
        ref={video}
        autoPlay
        playsInline
        muted={self || muted}
        style={mirrored ? { transform: 'scaleX(-1)' } : undefined}
        data-testid={videoTestId}
        data-has-frame={hasFrame}
      />
      {!hasFrame && <div className="stream-video__waiting">{waiting}</div>}
      <div className="stream-video__badges">{overlay}</div>
      {!self && media && media.getAudioTracks().length > 0 && (
        <button
          type="button"
          className="round-button stream-video__unmute"
          onClick={() => setMuted((m) => !m)}
          data-testid="toggle-sound"
        >
          {muted ? 'Unmute' : 'Mute'}
        </button>
      )}
    </div>
  );
}

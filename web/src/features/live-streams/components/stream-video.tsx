import { useEffect, useRef, useState, type ReactNode } from 'react';
import { recordFirstFrame } from '../lib/stats-probe.ts';

/**
 * The room's video. Starts muted (browsers only autoplay muted media) with an Unmute button; the
 * first shown frame is recorded for the latency figures.
 */
export function StreamVideo({ media, mirrored, overlay, waiting }: { media: MediaStream | null; mirrored?: boolean; overlay?: ReactNode; waiting: ReactNode }) {
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
      <video ref={video} autoPlay playsInline muted={muted} style={mirrored ? { transform: 'scaleX(-1)' } : undefined} data-testid="stream-video-element" data-has-frame={hasFrame} />
      {!hasFrame && <div className="stream-video__waiting">{waiting}</div>}
      <div className="stream-video__badges">{overlay}</div>
      {media && media.getAudioTracks().length > 0 && (
        <button type="button" className="round-button stream-video__unmute" onClick={() => setMuted((m) => !m)} data-testid="toggle-sound">
          {muted ? 'Unmute' : 'Mute'}
        </button>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';

export interface MediaClock {
  readonly playing: boolean;
  readonly currentTime: number;
  /** Seconds; `fallbackDuration` where the file does not say (a camera take's WebM). */
  readonly duration: number;
}

/** Follows a video element's play state, position and length from its own events. */
export function useMediaClock(video: HTMLVideoElement | null, fallbackDuration: number | null): MediaClock {
  const [clock, setClock] = useState<MediaClock>({ playing: false, currentTime: 0, duration: 0 });
  useEffect(() => {
    if (!video) return;
    const read = () =>
      setClock({
        playing: !video.paused && !video.ended,
        currentTime: video.currentTime,
        duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : (fallbackDuration ?? 0),
      });
    const events = ['play', 'pause', 'ended', 'timeupdate', 'seeked', 'loadedmetadata', 'durationchange', 'emptied'];
    for (const e of events) video.addEventListener(e, read);
    read();
    return () => {
      for (const e of events) video.removeEventListener(e, read);
    };
  }, [video, fallbackDuration]);
  return clock;
}

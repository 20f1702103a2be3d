import { useCallback, useEffect, useRef, useState } from 'react';
import { recordStream } from '../lib/record-stream.ts';

/** A take stops by itself after a minute: the short-video hint's length. */
export const MAX_TAKE_SECONDS = 60;

export interface Take {
  readonly file: Blob;
  /** Measured while recording (a recorded WebM does not always say its own length). */
  readonly duration: number;
}

/**
 * Records a take from the camera as it is (sound included); its effects are applied when it is
 * edited and saved, the same as any video's. `elapsed` counts up in tenths of a second.
 */
export function useCameraTake(onTake: (take: Take) => void) {
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<{
    stop: () => Promise<Blob>;
    startedAt: number;
    timer: ReturnType<typeof setInterval>;
  } | null>(null);
  const onTakeRef = useRef(onTake);
  useEffect(() => {
    onTakeRef.current = onTake;
  });

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    clearInterval(current.timer);
    const duration = (performance.now() - current.startedAt) / 1000;
    setRecording(false);
    const file = await current.stop();
    onTakeRef.current({ file, duration: Math.min(duration, MAX_TAKE_SECONDS) });
  }, []);

  const start = useCallback(
    (stream: MediaStream) => {
      if (session.current) return;
      const { stop: stopRecording } = recordStream(stream);
      const startedAt = performance.now();
      const timer = setInterval(() => {
        const seconds = (performance.now() - startedAt) / 1000;
        setElapsed(Math.round(seconds * 10) / 10);
        if (seconds >= MAX_TAKE_SECONDS) void stop();
      }, 100);
      session.current = { stop: stopRecording, startedAt, timer };
      setElapsed(0);
      setRecording(true);
    },
    [stop],
  );

  // Leaving camera mode (or the page) mid-take drops it.
  useEffect(
    () => () => {
      if (session.current) {
        clearInterval(session.current.timer);
        void session.current.stop();
        session.current = null;
      }
    },
    [],
  );

  return { recording, elapsed, start, stop };
}

import { useEffect, useRef, useState } from 'react';
import { STORY_TICK_MS } from '@myworld/schemas';

/**
 * How long the shown story has been on screen, counted in ticks of STORY_TICK_MS (100 ms) that
 * do not advance while paused, so pausing keeps the progress where it was. At `durationMs` it
 * calls `onElapsed` once. The caller remounts it per story (a `key`), which resets the progress.
 */
export function useStoryTimer(durationMs: number, paused: boolean, onElapsed: () => void): number {
  const [elapsed, setElapsed] = useState(0);
  const done = elapsed >= durationMs;
  const callback = useRef(onElapsed);
  useEffect(() => {
    callback.current = onElapsed;
  });

  useEffect(() => {
    if (paused || done) return;
    const timer = setInterval(() => setElapsed((ms) => Math.min(ms + STORY_TICK_MS, durationMs)), STORY_TICK_MS);
    return () => clearInterval(timer);
  }, [paused, done, durationMs]);

  useEffect(() => {
    if (done) callback.current();
  }, [done]);

  return elapsed;
}

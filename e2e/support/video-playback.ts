import type { Locator } from 'playwright-core';

/** What a <video> element is doing, read in the page. */
export interface VideoPlayback {
  paused: boolean;
  ended: boolean;
  currentTime: number;
  readyState: number;
  /** Frames presented so far: only ever grows, even when a looping video wraps around. */
  frames: number;
  src: string;
}

export function readPlayback(video: Locator): Promise<VideoPlayback> {
  return video.evaluate((el) => {
    const v = el as HTMLVideoElement;
    return {
      paused: v.paused,
      ended: v.ended,
      currentTime: v.currentTime,
      readyState: v.readyState,
      frames: v.getVideoPlaybackQuality().totalVideoFrames,
      src: v.currentSrc,
    };
  });
}

/**
 * Whether the video really plays: not paused, and over `windowMs` its frames and time move on.
 * (The time alone could go back when a looping video wraps, so it only has to change.)
 */
export async function isPlaying(video: Locator, windowMs = 700): Promise<boolean> {
  const before = await readPlayback(video);
  if (before.paused) return false;
  await new Promise((r) => setTimeout(r, windowMs));
  const after = await readPlayback(video);
  return !after.paused && after.frames > before.frames && after.currentTime !== before.currentTime;
}

/** Whether the video is paused and stays put over `windowMs` (no frames, no time). */
export async function isStill(video: Locator, windowMs = 700): Promise<boolean> {
  const before = await readPlayback(video);
  if (!before.paused) return false;
  await new Promise((r) => setTimeout(r, windowMs));
  const after = await readPlayback(video);
  return after.paused && after.currentTime === before.currentTime && after.frames === before.frames;
}

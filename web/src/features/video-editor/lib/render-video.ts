import { CAPTURE_FPS, recordStream } from './record-stream.ts';

export interface RenderInput {
  /** The editor's canvas, drawn every frame with the effects. */
  readonly canvas: HTMLCanvasElement;
  /** The source video; it is played once from the start while the canvas is recorded. */
  readonly video: HTMLVideoElement;
  /** The source's sound (see ElementAudio), mixed into the recording. */
  readonly audio: MediaStreamTrack | null;
  /** The source's length in seconds (a camera take's WebM may not know its own). */
  readonly duration: number;
  /** 0 to 1 as the render goes. */
  readonly onProgress: (fraction: number) => void;
}

function once(target: EventTarget, event: string): Promise<void> {
  return new Promise((resolve) => target.addEventListener(event, () => resolve(), { once: true }));
}

/**
 * Renders the edited video: plays the source once from the start, in real time, while the canvas
 * (with its filters and overlays) and the source's sound are recorded together, and resolves
 * with the recording.
 */
export async function renderEditedVideo({ canvas, video, audio, duration, onProgress }: RenderInput): Promise<Blob> {
  video.pause();
  // The preview loops; the render plays the video exactly once.
  const looped = video.loop;
  video.loop = false;
  if (video.currentTime !== 0) {
    const seeked = once(video, 'seeked');
    video.currentTime = 0;
    await seeked;
  }
  const stream = canvas.captureStream(CAPTURE_FPS);
  if (audio) stream.addTrack(audio);
  const recording = recordStream(stream);
  const report = () => onProgress(duration > 0 ? Math.min(1, video.currentTime / duration) : 0);
  video.addEventListener('timeupdate', report);
  try {
    const ended = once(video, 'ended');
    await video.play();
    await ended;
    onProgress(1);
    return await recording.stop();
  } finally {
    video.removeEventListener('timeupdate', report);
    video.loop = looped;
    for (const track of stream.getVideoTracks()) track.stop();
    if (recording.recorder.state !== 'inactive') recording.recorder.stop();
  }
}

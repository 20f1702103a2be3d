/** What MediaRecorder writes here: WebM (VP9 or VP8 with Opus) where the browser can, else its default. */
const CANDIDATES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

export function recordingMimeType(
  isSupported: (type: string) => boolean = (t) => MediaRecorder.isTypeSupported(t),
): string | undefined {
  return CANDIDATES.find((type) => isSupported(type));
}

/** About 2.5 Mbit/s: a clear 720p short video, 19 MB a minute. */
export const VIDEO_BITS_PER_SECOND = 2_500_000;
export const AUDIO_BITS_PER_SECOND = 128_000;
/** The canvas is captured at the camera's ideal 30 frames a second. */
export const CAPTURE_FPS = 30;

/** Records `stream` until `stop` is called; resolves with the whole recording. */
export function recordStream(stream: MediaStream): { stop: () => Promise<Blob>; recorder: MediaRecorder } {
  const mimeType = recordingMimeType();
  const recorder = new MediaRecorder(stream, {
    ...(mimeType ? { mimeType } : {}),
    videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
  });
  const chunks: Blob[] = [];
  const done = new Promise<Blob>((resolve, reject) => {
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'video/webm' }));
    recorder.onerror = () => reject(new Error('The recording failed'));
  });
  // A chunk a second, so a long recording is not held in one piece.
  recorder.start(1000);
  return {
    recorder,
    stop: () => {
      if (recorder.state !== 'inactive') recorder.stop();
      return done;
    },
  };
}

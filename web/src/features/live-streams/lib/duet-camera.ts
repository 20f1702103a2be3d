import type { Sender } from './live-media-client.ts';
import { videoConstraints } from './camera.ts';

/** The duet partner's own camera and microphone, sent into the stream. */
export interface DuetCamera {
  readonly media: MediaStream;
  stop(): void;
}

/** True when the browser (or the person) refused the camera, not when it failed otherwise. */
export function isCameraDenied(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
}

/**
 * Opens the camera (audio and video) and produces both tracks through `sender` (the room socket's
 * send transport). Rejects with the getUserMedia error (see isCameraDenied) or the media error;
 * the camera is released either way.
 */
export async function startDuetCamera(sender: () => Promise<Sender>): Promise<DuetCamera> {
  const devices = navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new Error('This browser cannot use a camera');
  // The transport opens while the camera starts: the partner's first frame comes sooner.
  const opening = sender();
  opening.catch(() => undefined);
  const media = await devices.getUserMedia({ video: videoConstraints({ facing: 'user' }), audio: true });
  try {
    const producing = await (await opening).produce(media);
    return {
      media,
      stop() {
        producing.close();
        for (const t of media.getTracks()) t.stop();
      },
    };
  } catch (error) {
    for (const t of media.getTracks()) t.stop();
    throw error;
  }
}

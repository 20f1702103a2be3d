import { useEffect, type RefObject } from 'react';
import type { FaceLandmarks } from '../lib/face-anchors.ts';
import { CAPTURE_FPS } from '../lib/record-stream.ts';
import { drawFrame, frameSize, type Scene } from '../lib/render-frame.ts';

const FRAME_MS = 1000 / CAPTURE_FPS;

/**
 * Draws the active video onto the canvas on every display frame, with the effects and the detected
 * face as they are at that moment (read from refs, so choosing an effect never restarts the loop),
 * 30 times a second: the rate the canvas is recorded at, and half the display's, which leaves the
 * CPU to face detection. The canvas takes the video's proportions, at most 1280 pixels on its longer side.
 */
export function useRenderLoop(
  canvas: HTMLCanvasElement | null,
  video: HTMLVideoElement | null,
  lookRef: RefObject<Omit<Scene, 'face'>>,
  faceRef: RefObject<FaceLandmarks | null>,
  onSize: (width: number, height: number) => void,
): void {
  useEffect(() => {
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !video) return;
    let frame = 0;
    let drawn = -Infinity;
    const draw = (time: number) => {
      if (time - drawn >= FRAME_MS - 2 && video.readyState >= 2 && video.videoWidth > 0) {
        drawn = time;
        const { width, height } = frameSize(video.videoWidth, video.videoHeight);
        if (canvas.width !== width || canvas.height !== height) {
          canvas.width = width;
          canvas.height = height;
          onSize(width, height);
        }
        drawFrame(ctx, video, video.videoWidth, { ...lookRef.current, face: faceRef.current }, time);
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [canvas, video, lookRef, faceRef, onSize]);
}

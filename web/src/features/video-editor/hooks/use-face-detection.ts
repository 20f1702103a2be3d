import { useEffect, useRef, useState, type RefObject } from 'react';
import { RateMeter } from '../lib/detection-rate.ts';
import type { FaceLandmarks } from '../lib/face-anchors.ts';
import { loadFaceDetector } from '../lib/face-detector.ts';

/** At most 15 detections a second: the face filter follows smoothly, and the drawing keeps the CPU. */
export const DETECTION_INTERVAL_MS = 1000 / 15;

/**
 * How long to wait before the next detection: the rest of the interval, and never less than the
 * detection itself took, so a slow detector (no GPU) leaves the page at least half of its time.
 */
export function nextDetectionDelay(tookMs: number): number {
  return Math.max(DETECTION_INTERVAL_MS - tookMs, tookMs, 0);
}

export type DetectionStatus = 'off' | 'loading' | 'running' | 'failed';

export interface FaceDetection {
  /** The latest face (in the video's pixels), read by the render loop on every frame; null without one. */
  readonly faceRef: RefObject<FaceLandmarks | null>;
  readonly status: DetectionStatus;
  readonly faceFound: boolean;
  /** Detections per second, and milliseconds per detection, updated once a second. */
  readonly rate: number | null;
  readonly detectMs: number | null;
  readonly backend: string | null;
}

/**
 * Detects the face in `video` while a face filter is on, in a throttled loop: one detection at a
 * time, paced by nextDetectionDelay, skipping a frame that has not changed (a paused video).
 * Measures the detection rate as it goes.
 */
export function useFaceDetection(video: HTMLVideoElement | null, enabled: boolean): FaceDetection {
  const faceRef = useRef<FaceLandmarks | null>(null);
  const [status, setStatus] = useState<DetectionStatus>('off');
  const [faceFound, setFaceFound] = useState(false);
  const [rate, setRate] = useState<number | null>(null);
  const [detectMs, setDetectMs] = useState<number | null>(null);
  const [backend, setBackend] = useState<string | null>(null);

  useEffect(() => {
    faceRef.current = null;
    setFaceFound(false);
    setRate(null);
    setDetectMs(null);
    if (!enabled || !video) {
      setStatus('off');
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const meter = new RateMeter();
    let lastFrame = -1;
    let lastShown = 0;
    setStatus('loading');
    loadFaceDetector().then(
      (detector) => {
        if (stopped) return;
        setBackend(detector.backend);
        setStatus('running');
        const step = async () => {
          const started = performance.now();
          const frameChanged = !video.paused || video.currentTime !== lastFrame;
          if (video.readyState >= 2 && video.videoWidth > 0 && frameChanged) {
            lastFrame = video.currentTime;
            const face = await detector.detect(video).catch(() => null);
            if (stopped) return;
            faceRef.current = face;
            setFaceFound(face !== null);
            const now = performance.now();
            meter.tick(now, now - started);
            if (now - lastShown >= 1000) {
              lastShown = now;
              setRate(meter.rate());
              setDetectMs(meter.meanDuration());
            }
          }
          if (!stopped) timer = setTimeout(() => void step(), nextDetectionDelay(performance.now() - started));
        };
        void step();
      },
      () => {
        if (!stopped) setStatus('failed');
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      faceRef.current = null;
    };
  }, [video, enabled]);

  return { faceRef, status, faceFound, rate, detectMs, backend };
}

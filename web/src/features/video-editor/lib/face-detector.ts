import type { Config, Human } from '@vladmandic/human';
import { landmarksFromBox, landmarksFromMesh, scaleLandmarks, type FaceLandmarks } from './face-anchors.ts';
import { frameSize } from './render-frame.ts';

/** Where the app serves Human's face models (copied from the npm package at build time, see vite.config.ts). */
export const HUMAN_MODELS_PATH = '/models/human/';

export type DetectorBackend = 'webgl' | 'wasm' | 'cpu';

/**
 * Human set up for one face, its box and its mesh, and nothing else (no iris, emotion,
 * description, body, hands or gestures): only blazeface and facemesh are loaded, from our own
 * origin, and so are the WASM backend's binaries (Human's default wasmPath is a CDN).
 */
export function humanConfig(backend: DetectorBackend): Partial<Config> {
  return {
    backend,
    modelBasePath: HUMAN_MODELS_PATH,
    wasmPath: HUMAN_MODELS_PATH,
    warmup: 'none',
    debug: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      // The box detector runs on a scene change or every 2.5 s; the mesh follows the face on every call
      // (and drops it when it is gone, so the filter disappears with the face).
      detector: { rotation: false, maxDetected: 1 },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  };
}

/** A WebGL that the CPU emulates (headless browsers, machines without a GPU) is slower than the CPU backend itself. */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
}

/**
 * The fastest backend at hand: WebGL on a real GPU; else WASM, when the build serves its binaries
 * (measured here without a GPU: about 8 ms a detection against 400 ms or more for the CPU
 * backend); else the CPU backend, slow but it still detects.
 */
export function chooseBackend({ renderer, wasm }: { renderer: string | null; wasm: boolean }): DetectorBackend {
  if (renderer !== null && !isSoftwareRenderer(renderer)) return 'webgl';
  return wasm ? 'wasm' : 'cpu';
}

/** This browser's WebGL renderer (null without WebGL) and whether the build serves the WASM binaries. */
export function pickBackend(): DetectorBackend {
  const gl =
    document.createElement('canvas').getContext('webgl2') ?? document.createElement('canvas').getContext('webgl');
  const info = gl?.getExtension('WEBGL_debug_renderer_info');
  const renderer = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : null;
  return chooseBackend({ renderer, wasm: import.meta.env.VITE_HUMAN_WASM === 'true' });
}

/** Detection runs on a copy of the frame at most this large: the models take 256 pixels or less anyway. */
export const DETECTION_MAX_SIDE = 400;

export interface FaceDetector {
  readonly backend: string;
  /** The most confident face in the frame (in the frame's pixels), or null when there is none. */
  detect(frame: HTMLVideoElement): Promise<FaceLandmarks | null>;
}

/**
 * Loads Human (its own chunk, fetched only when the editor first needs a face) and its two face
 * models. The first call loads; later calls share it.
 */
let loading: Promise<FaceDetector> | null = null;
export function loadFaceDetector(): Promise<FaceDetector> {
  loading ??= (async () => {
    const { Human: HumanClass } = await import('@vladmandic/human');
    const human: Human = new HumanClass(humanConfig(pickBackend()));
    await human.load();
    const small = document.createElement('canvas');
    const ctx = small.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('This browser cannot draw a video frame');
    const detector: FaceDetector = {
      backend: human.tf.getBackend(),
      async detect(frame) {
        const { width, height } = frameSize(frame.videoWidth, frame.videoHeight, DETECTION_MAX_SIDE);
        if (small.width !== width || small.height !== height) Object.assign(small, { width, height });
        ctx.drawImage(frame, 0, 0, width, height);
        const face = (await human.detect(small)).face[0];
        if (!face) return null;
        return scaleLandmarks(landmarksFromMesh(face.mesh) ?? landmarksFromBox(face.box), frame.videoWidth / width);
      },
    };
    return detector;
  })().catch((error: unknown) => {
    loading = null; // a later try starts afresh
    throw error;
  });
  return loading;
}

import { ExternalStore } from './external-store.ts';

/**
 * The broadcaster's camera and microphone: not ready → ready once access is granted, denied when
 * refused; front/back facing, switching between cameras (the previous camera is restored if a
 * switch fails), audio and video mute by flipping the tracks.
 * Kept outside React so a live broadcast survives leaving the go-live page.
 */
export type CameraStatus = 'off' | 'requesting' | 'ready' | 'denied' | 'error';
export type Facing = 'user' | 'environment';

export interface CameraState {
  readonly status: CameraStatus;
  readonly media: MediaStream | null;
  readonly cameras: readonly { deviceId: string; label: string }[];
  readonly deviceId: string | null;
  readonly facing: Facing;
  readonly audioMuted: boolean;
  readonly videoMuted: boolean;
  readonly switching: boolean;
}

const initial: CameraState = {
  status: 'off',
  media: null,
  cameras: [],
  deviceId: null,
  facing: 'user',
  audioMuted: false,
  videoMuted: false,
  switching: false,
};

/** The camera is asked for 1280x720 at 30 fps, ideally. */
export function videoConstraints(choice: { deviceId?: string | null; facing?: Facing }): MediaTrackConstraints {
  return {
    width: { ideal: 1280 },
    height: { ideal: 720 },
    frameRate: { ideal: 30 },
    ...(choice.deviceId ? { deviceId: { exact: choice.deviceId } } : { facingMode: choice.facing ?? 'user' }),
  };
}

export class Camera {
  readonly store = new ExternalStore<CameraState>(initial);
  /** Told when the video track is replaced (a live broadcast swaps its producer's track). */
  onVideoTrackChanged: ((track: MediaStreamTrack) => void) | null = null;

  constructor(private readonly devices: () => MediaDevices | undefined = () => navigator.mediaDevices) {}

  get state(): CameraState {
    return this.store.get();
  }

  async enable(): Promise<void> {
    const devices = this.devices();
    if (!devices?.getUserMedia) {
      this.store.set((s) => ({ ...s, status: 'error' }));
      throw new Error('This browser cannot use a camera');
    }
    this.store.set((s) => ({ ...s, status: 'requesting' }));
    try {
      const media = await devices.getUserMedia({ video: videoConstraints({ facing: this.state.facing }), audio: true });
      const cameras = await this.listCameras();
      const deviceId = media.getVideoTracks()[0]?.getSettings().deviceId ?? null;
      this.store.set((s) => ({
        ...s,
        status: 'ready',
        media,
        cameras,
        deviceId,
        audioMuted: false,
        videoMuted: false,
      }));
    } catch (error) {
      const denied =
        error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      this.store.set((s) => ({ ...s, status: denied ? 'denied' : 'error' }));
      throw error;
    }
  }

  /** The next camera in the list (only offered with more than one). */
  async switchCamera(): Promise<void> {
    const { cameras, deviceId } = this.state;
    if (cameras.length < 2) return;
    const index = cameras.findIndex((c) => c.deviceId === deviceId);
    const next = cameras[(index + 1) % cameras.length]!;
    await this.replaceVideo({ deviceId: next.deviceId }, this.state.facing === 'user' ? 'environment' : 'user');
  }

  async setFacing(facing: Facing): Promise<void> {
    if (facing === this.state.facing) return;
    if (!this.state.media) {
      this.store.set((s) => ({ ...s, facing }));
      return;
    }
    await this.replaceVideo({ facing }, facing);
  }

  toggleAudio(): void {
    const muted = !this.state.audioMuted;
    for (const t of this.state.media?.getAudioTracks() ?? []) t.enabled = !muted;
    this.store.set((s) => ({ ...s, audioMuted: muted }));
  }

  toggleVideo(): void {
    const muted = !this.state.videoMuted;
    for (const t of this.state.media?.getVideoTracks() ?? []) t.enabled = !muted;
    this.store.set((s) => ({ ...s, videoMuted: muted }));
  }

  stop(): void {
    for (const t of this.state.media?.getTracks() ?? []) t.stop();
    this.store.set({ ...initial, facing: this.state.facing });
  }

  private async replaceVideo(choice: { deviceId?: string; facing?: Facing }, facing: Facing): Promise<void> {
    const devices = this.devices();
    const media = this.state.media;
    if (!devices || !media) return;
    this.store.set((s) => ({ ...s, switching: true }));
    try {
      // The new camera first: if it cannot open, the previous one simply stays.
      const fresh = await devices.getUserMedia({ video: videoConstraints(choice) });
      const track = fresh.getVideoTracks()[0]!;
      track.enabled = !this.state.videoMuted;
      for (const old of media.getVideoTracks()) {
        media.removeTrack(old);
        old.stop();
      }
      media.addTrack(track);
      this.onVideoTrackChanged?.(track);
      // A new MediaStream object so React sees the change and the preview re-attaches.
      const next = new MediaStream(media.getTracks());
      this.store.set((s) => ({
        ...s,
        media: next,
        deviceId: track.getSettings().deviceId ?? s.deviceId,
        facing,
        switching: false,
      }));
    } catch (error) {
      this.store.set((s) => ({ ...s, switching: false }));
      throw error;
    }
  }

  private async listCameras() {
    const all = (await this.devices()?.enumerateDevices?.()) ?? [];
    return all
      .filter((d) => d.kind === 'videoinput')
      .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}` }));
  }
}

/** The app's one camera. */
export const camera = new Camera();

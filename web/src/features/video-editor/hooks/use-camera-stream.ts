import { useEffect, useState } from 'react';
import { cameraErrorMessage, openCamera } from '../lib/open-camera.ts';

export type CameraStatus = 'off' | 'requesting' | 'ready' | 'failed';

export interface CameraStreamState {
  readonly status: CameraStatus;
  readonly stream: MediaStream | null;
  /** Why it failed (EDITOR_MESSAGES.cameraDenied for a refusal). */
  readonly error: string | null;
}

const off: CameraStreamState = { status: 'off', stream: null, error: null };

/** The camera while camera mode is on: asked for on entering, released on leaving. `attempt` asks again. */
export function useCameraStream(active: boolean, attempt: number): CameraStreamState {
  const [state, setState] = useState<CameraStreamState>(off);
  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let left = false;
    setState({ status: 'requesting', stream: null, error: null });
    openCamera(navigator.mediaDevices).then(
      (opened) => {
        if (left) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream = opened;
        setState({ status: 'ready', stream: opened, error: null });
      },
      (error: unknown) => {
        if (!left) setState({ status: 'failed', stream: null, error: cameraErrorMessage(error) });
      },
    );
    return () => {
      left = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      setState(off);
    };
  }, [active, attempt]);
  return state;
}

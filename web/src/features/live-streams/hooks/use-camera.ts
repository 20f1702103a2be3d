import { useSyncExternalStore } from 'react';
import { camera, type CameraState } from '../lib/camera.ts';

/** The app's camera as React state. */
export function useCamera(): CameraState {
  return useSyncExternalStore(camera.store.subscribe, camera.store.get, camera.store.get);
}

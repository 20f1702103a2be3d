import { useCallback, useSyncExternalStore } from 'react';
import type { MediaUppy } from '../lib/create-uploader.ts';

/** The running upload's total progress in percent, or null when nothing is uploading. */
export function useUploadProgress(uppy: MediaUppy | null): number | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!uppy) return () => {};
      return uppy.store.subscribe(onChange);
    },
    [uppy],
  );
  const snapshot = () => {
    if (!uppy) return null;
    const { totalProgress, currentUploads } = uppy.getState();
    return Object.keys(currentUploads).length > 0 ? totalProgress : null;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

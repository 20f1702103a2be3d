import { useEffect, useState } from 'react';
import { createUploader, type MediaUppy } from '../lib/create-uploader.ts';
import type { UploadPurpose } from '../lib/upload-purposes.ts';

/**
 * An Uppy for as long as the component is shown (null for the first render). Made inside an
 * effect so React's StrictMode, which runs effects twice, destroys the first and keeps the second.
 */
export function useUploader(purpose: UploadPurpose): MediaUppy | null {
  const [uppy, setUppy] = useState<MediaUppy | null>(null);
  useEffect(() => {
    const created = createUploader(purpose);
    setUppy(created);
    return () => {
      created.destroy();
      setUppy(null);
    };
  }, [purpose]);
  return uppy;
}

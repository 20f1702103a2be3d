import { useCallback, useEffect, useRef, useState } from 'react';
import DashboardModal from '@uppy/react/dashboard-modal';
import type { UploadResult, Body, Meta } from '@uppy/core';
import { MEDIA_MESSAGES } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useUploader } from '../hooks/use-uploader.ts';
import { useUploadProgress } from '../hooks/use-upload-progress.ts';
import { useEscapeFirst } from '../hooks/use-escape-first.ts';
import { UploadError } from '../lib/upload-errors.ts';
import type { UploaderProps } from '../../../lib/slots.tsx';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './media-uploader.css';

/**
 * A button that opens the upload dialog (Uppy's Dashboard, 750×550) for one use. A chosen file
 * uploads at once; when it is up the dialog closes and `onUploaded` gets its address. A failure
 * stays in the dialog (with Retry) and is told in a toast.
 */
export function MediaUploader({ purpose, label, note, testId, disabled, onUploaded }: UploaderProps) {
  const uppy = useUploader(purpose);
  const progress = useUploadProgress(uppy);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => {
    setOpen(false);
    // A file that failed is let go with the dialog, so the next choice is not refused as one too many.
    if (uppy && Object.keys(uppy.getState().currentUploads).length === 0) uppy.clear();
  }, [uppy]);
  useEscapeFirst(open, close);

  // The latest callback, so a parent re-render does not re-subscribe the listeners.
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  useEffect(() => {
    if (!uppy) return;
    const onComplete = (result: UploadResult<Meta, Body>) => {
      const uploaded = (result.successful ?? []).flatMap((file) =>
        file.uploadURL
          ? [{ uploadURL: file.uploadURL, ...(file.data instanceof Blob ? { file: file.data } : {}) }]
          : [],
      );
      if (uploaded.length === 0) return;
      setOpen(false);
      uppy.clear(); // ready for the next file (each use takes one at a time)
      for (const done of uploaded) void onUploadedRef.current(done);
    };
    const onError = (_file: unknown, error: { message: string }) => {
      const gettingAddress = error instanceof UploadError && error.step === 'upload-url';
      toast({
        title: MEDIA_MESSAGES.uploadFailedTitle,
        description: gettingAddress ? MEDIA_MESSAGES.uploadUrlFailed : MEDIA_MESSAGES.fileUploadFailed,
        variant: 'destructive',
      });
    };
    uppy.on('complete', onComplete);
    uppy.on('upload-error', onError);
    return () => {
      uppy.off('complete', onComplete);
      uppy.off('upload-error', onError);
    };
  }, [uppy]);

  return (
    <div className="media-uploader">
      <button
        type="button"
        className="btn btn--secondary"
        data-testid={`${testId}-button`}
        disabled={disabled || !uppy}
        onClick={() => setOpen(true)}
      >
        {progress === null ? label : `Uploading... ${progress}%`}
      </button>
      <div data-testid={`${testId}-dialog`}>
        {uppy && (
          <DashboardModal
            uppy={uppy}
            open={open}
            onRequestClose={close}
            closeModalOnClickOutside
            proudlyDisplayPoweredByUppy={false}
            thumbnailWidth={280}
            note={note ?? null}
          />
        )}
      </div>
    </div>
  );
}

import { useState } from 'react';
import { MEDIA_MESSAGES, POST_MESSAGES } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { useSlots, type UploadedFile } from '../../../lib/slots.tsx';
import { normalizeUploadPath } from '../api/normalize-upload.ts';

interface PostPhotoFieldProps {
  /** The photo's `/objects/...` path, or null for none. */
  value: string | null;
  /** The objectPath the post sends, and a local address of the chosen file for the preview (the upload is served only once the post attaches it). */
  onChange: (photo: { objectPath: string; previewUrl: string | null } | null) => void;
  disabled: boolean;
}

/**
 * The post's one photo: uploaded through the media feature's uploader (one image, 10 MB), then
 * named by its objectPath, which the post sends as imageUrl.
 */
export function PostPhotoField({ value, onChange, disabled }: PostPhotoFieldProps) {
  const { Uploader } = useSlots();
  const [attaching, setAttaching] = useState(false);

  async function attach({ uploadURL, file }: UploadedFile) {
    setAttaching(true);
    try {
      onChange({
        objectPath: await normalizeUploadPath(uploadURL),
        previewUrl: file ? URL.createObjectURL(file) : null,
      });
      toast({ title: POST_MESSAGES.photoUploaded, description: POST_MESSAGES.photoUploadedDescription });
    } catch (error) {
      toast({
        title: MEDIA_MESSAGES.uploadFailedTitle,
        description: serverMessage(error) ?? MEDIA_MESSAGES.fileUploadFailed,
        variant: 'destructive',
      });
    } finally {
      setAttaching(false);
    }
  }

  return (
    <div className="posting-field">
      <span className="field__label">Photo</span>
      <div className="posting-row">
        <Uploader
          purpose="postPhoto"
          label={value ? 'Change Photo' : 'Add Photo'}
          note="One image, up to 10 MB"
          testId="post-photo-upload"
          disabled={disabled || attaching}
          onUploaded={attach}
        />
        {value && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid="post-photo-remove"
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            Remove Photo
          </button>
        )}
      </div>
    </div>
  );
}

import { MEDIA_MESSAGES } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSetProfileBackground } from '../api/set-profile-background.ts';
import { useSetProfilePicture } from '../api/set-profile-picture.ts';
import { PROFILE_MESSAGES } from '@myworld/schemas';

/** A finished upload, as the uploader hands it on. */
interface Uploaded {
  uploadURL: string;
}

/**
 * Hands a finished picture upload to PUT /api/profile/picture and gives `use` the objectPath the
 * server answers. Failure: "Upload failed" with the server's words or "Failed to set profile picture."
 */
export function useAttachPicture(use: (objectPath: string) => void) {
  const attach = useSetProfilePicture();
  return async ({ uploadURL }: Uploaded) => {
    try {
      const { objectPath } = await attach.mutateAsync(uploadURL);
      use(objectPath);
      toast({ title: PROFILE_MESSAGES.pictureUploaded });
    } catch (err) {
      toast({
        title: MEDIA_MESSAGES.uploadFailedTitle,
        description: serverMessage(err) ?? PROFILE_MESSAGES.setPictureFailed,
        variant: 'destructive',
      });
    }
  };
}

/**
 * Hands a finished background upload to PUT /api/profile/background and gives `use` the
 * objectPath. Failure: "Upload failed" / "Failed to set background image."
 */
export function useAttachBackground(use: (objectPath: string) => void) {
  const attach = useSetProfileBackground();
  return async ({ uploadURL }: Uploaded) => {
    try {
      const { objectPath } = await attach.mutateAsync(uploadURL);
      use(objectPath);
      toast({ title: PROFILE_MESSAGES.backgroundUploaded });
    } catch {
      toast({
        title: MEDIA_MESSAGES.uploadFailedTitle,
        description: PROFILE_MESSAGES.setBackgroundFailed,
        variant: 'destructive',
      });
    }
  };
}

import { ProfileAvatar } from './profile-avatar.tsx';
import { ProfileImageUploader } from './profile-image-uploader.tsx';

interface PictureTabProps {
  username: string;
  profileImageUrl: string | null;
  onUploaded: (file: { uploadURL: string }) => void | Promise<void>;
}

/** The picture as it will be saved, and the upload that replaces it. */
export function PictureTab({ username, profileImageUrl, onUploaded }: PictureTabProps) {
  return (
    <div className="customize-picture">
      <ProfileAvatar username={username} profileImageUrl={profileImageUrl} testId="customize-avatar" />
      <ProfileImageUploader kind="picture" onUploaded={onUploaded} />
    </div>
  );
}

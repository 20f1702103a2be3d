import { initialOf, pictureOf } from '../../../lib/profile-look.ts';

interface ProfileAvatarProps {
  username: string;
  profileImageUrl: string | null;
  testId?: string;
}

/** The profile picture, or the username's first letter when there is none. */
export function ProfileAvatar({ username, profileImageUrl, testId }: ProfileAvatarProps) {
  const picture = pictureOf(profileImageUrl);
  return (
    <span className="profile-avatar" data-testid={testId}>
      {picture ? (
        <img src={picture} alt={`${username}'s profile picture`} />
      ) : (
        <span aria-hidden="true">{initialOf(username)}</span>
      )}
    </span>
  );
}

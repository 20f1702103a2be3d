import { initialOf, pictureOf } from '../../../lib/profile-look.ts';

interface StoryAvatarProps {
  user: { username: string; profileImageUrl: string | null };
  className?: string;
}

/** A person's round picture, or the first letter of their username when they have none. */
export function StoryAvatar({ user, className = '' }: StoryAvatarProps) {
  const picture = pictureOf(user.profileImageUrl);
  return (
    <span className={`avatar story-avatar ${className}`} aria-hidden="true">
      {picture ? <img src={picture} alt="" /> : initialOf(user.username)}
    </span>
  );
}

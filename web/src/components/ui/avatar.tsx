import { initialOf, pictureOf } from '../../lib/profile-look.ts';

interface AvatarProps {
  user: { username: string; profileImageUrl: string | null };
  /** Size and place (the round `avatar` look is always there). */
  className?: string;
}

/** A person's round picture, or the first letter of their username when they have none. */
export function Avatar({ user, className = '' }: AvatarProps) {
  const picture = pictureOf(user.profileImageUrl);
  return (
    <span className={`avatar ${className}`} aria-hidden="true">
      {picture ? <img src={picture} alt="" /> : initialOf(user.username)}
    </span>
  );
}

import { initialOf, pictureOf } from '../../../lib/profile-look.ts';

/** A round picture of a user, or the first letter of their username when they have none. */
export function UserAvatar({ user }: { user: { username: string; profileImageUrl: string | null } }) {
  const picture = pictureOf(user.profileImageUrl);
  return (
    <span className="avatar messages-avatar" aria-hidden="true">
      {picture ? <img src={picture} alt="" /> : initialOf(user.username)}
    </span>
  );
}

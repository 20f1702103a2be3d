/** A small round picture of a commenter, or their first letter when they have none. */
export function UserAvatar({ username, profileImageUrl }: { username: string; profileImageUrl: string | null }) {
  return (
    <span className="avatar comment__avatar" aria-hidden="true">
      {profileImageUrl ? <img src={profileImageUrl} alt="" /> : username.charAt(0).toUpperCase()}
    </span>
  );
}

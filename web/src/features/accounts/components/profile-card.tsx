import type { CurrentUser } from '@myworld/schemas';
import type { ProfileCounts } from '../api/get-profile-counts.ts';
import { displayName } from '../../../lib/profile-look.ts';
import { ProfileAvatar } from './profile-avatar.tsx';

type CardUser = Pick<CurrentUser, 'username' | 'firstName' | 'lastName' | 'profileImageUrl' | 'aboutMe' | 'bio'>;

interface ProfileCardProps {
  user: CardUser;
  counts: ProfileCounts;
  onCustomize: () => void;
}

/**
 * Avatar, name, @handle, bio, the three counts and the customize button. The name is the one
 * others see on this profile (first and last name, else the username), so a user sees what they show.
 */
export function ProfileCard({ user, counts, onCustomize }: ProfileCardProps) {
  // The Bio tab edits About Me, so that is the bio shown; the older bio field stands in until it is set.
  const bio = user.aboutMe || user.bio;
  return (
    <section className="profile-card" aria-label="Profile">
      <ProfileAvatar username={user.username} profileImageUrl={user.profileImageUrl} testId="profile-avatar" />
      <h2 className="profile-card__name" data-testid="profile-name">
        {displayName(user)}
      </h2>
      <p className="profile-card__handle" data-testid="profile-handle">
        @{user.username}
      </p>
      {bio && (
        <p className="profile-card__bio" data-testid="profile-bio">
          {bio}
        </p>
      )}
      <dl className="profile-stats">
        <div className="profile-stats__item">
          <dt>Posts</dt>
          <dd data-testid="profile-posts-count">{counts.postCount}</dd>
        </div>
        <div className="profile-stats__item">
          <dt>Following</dt>
          <dd data-testid="profile-following-count">{counts.followingCount}</dd>
        </div>
        <div className="profile-stats__item">
          <dt>Followers</dt>
          <dd data-testid="profile-followers-count">{counts.followerCount}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn--primary" data-testid="customize-profile-button" onClick={onCustomize}>
        Customize Profile
      </button>
    </section>
  );
}

import { Link } from 'wouter';
import type { Profile } from '@myworld/schemas';
import { useSlots } from '../../../lib/slots.tsx';
import { formatCount } from '../../../lib/format-count.ts';
import { displayName, pictureOf } from '../../../lib/profile-look.ts';
import { AboutMe } from './about-me.tsx';

/**
 * Picture, name, @username, bio, the counts, Follow and Message (someone else's profile) or Edit
 * Profile (one's own), and the folded About Me. Follow belongs to the follows feature (a slot).
 */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const { FollowButton } = useSlots();
  const picture = pictureOf(profile.profileImageUrl);
  return (
    <section className="public-profile__summary" aria-label="Profile">
      <span className="public-profile__avatar" data-testid="public-profile-avatar">
        {picture ? (
          <img src={picture} alt={`${profile.username}'s profile picture`} />
        ) : (
          <span aria-hidden="true">{profile.username.charAt(0).toUpperCase()}</span>
        )}
      </span>
      <h2 className="public-profile__name" data-testid="public-profile-name">
        {displayName(profile)}
      </h2>
      <p className="public-profile__handle" data-testid="public-profile-handle">
        @{profile.username}
      </p>
      {profile.bio && (
        <p className="public-profile__bio" data-testid="public-profile-bio">
          {profile.bio}
        </p>
      )}
      <dl className="public-profile__stats">
        <div>
          <dt>Posts</dt>
          <dd data-testid="post-count">{formatCount(profile.postCount)}</dd>
        </div>
        <div>
          <dt>Followers</dt>
          <dd data-testid="follower-count">{formatCount(profile.followerCount)}</dd>
        </div>
        <div>
          <dt>Following</dt>
          <dd data-testid="following-count">{formatCount(profile.followingCount)}</dd>
        </div>
      </dl>
      <div className="public-profile__actions">
        {profile.isSelf ? (
          <Link href="/profile" className="btn btn--secondary" data-testid="edit-profile-link">
            Edit Profile
          </Link>
        ) : (
          <>
            <FollowButton userId={profile.id} following={profile.isFollowing} />
            <Link
              href={`/messages?to=${encodeURIComponent(profile.id)}`}
              className="btn btn--secondary"
              data-testid="message-button"
            >
              Message
            </Link>
          </>
        )}
      </div>
      {profile.aboutMe && <AboutMe text={profile.aboutMe} />}
    </section>
  );
}

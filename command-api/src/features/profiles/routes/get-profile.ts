import {
  followCounts,
  isFollowing,
  profileUser,
  publishedPostCount,
  type FollowsDb,
  type PostsDb,
  type UsersDb,
} from '@myworld/projections';
import { PROFILE_PAGE_MESSAGES, profile, profileParam } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { profilesRoute } from '../context.ts';

/**
 * A public profile by id or username: the Profile fields, the real follower, following and
 * post counts, and whether the caller follows them. The join date is left out for others when the
 * user hides activity.
 */
export const getProfile = profilesRoute({
  method: 'GET',
  url: '/api/users/:userId/profile',
  summary: 'Read a public profile',
  description: '`userId` is a user id or a username; 404 "Profile not found" otherwise.',
  config: { auth: 'visitor', readModel: ['follows', 'posts', 'users'] },
  schema: { params: profileParam, response: { 200: profile } },
  handler: async ({ request, ctx, userId: viewerId }) => {
    // A user hidden pending review still sees their own profile.
    const user = await profileUser(await ctx.readModels.query<UsersDb>('users'), request.params.userId, viewerId);
    if (!user) throw new DomainError('not_found', PROFILE_PAGE_MESSAGES.notFound, 404, 'userId');
    const follows = await ctx.readModels.query<FollowsDb>('follows');
    const [counts, following, postCount] = await Promise.all([
      followCounts(follows, user.id),
      viewerId && viewerId !== user.id ? isFollowing(follows, viewerId, user.id) : Promise.resolve(false),
      ctx.readModels.query<PostsDb>('posts').then((posts) => publishedPostCount(posts, user.id)),
    ]);
    const self = viewerId === user.id;
    return {
      id: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      username: user.username,
      bio: user.bio,
      aboutMe: user.about_me,
      profileImageUrl: user.profile_image_url,
      backgroundImageUrl: user.background_image_url,
      backgroundColor: user.background_color,
      textColor: user.text_color,
      followerCount: counts.followers,
      followingCount: counts.following,
      postCount,
      isFollowing: following,
      isSelf: self,
      ...(self || !user.hide_activity ? { joinedAt: user.registered_at.toISOString() } : {}),
    };
  },
});

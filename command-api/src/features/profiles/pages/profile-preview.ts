import { followCounts, profileUser, type FollowsDb, type UsersDb } from '@myworld/projections';
import type { PagePreview } from '../../../platform/link-previews/link-previews.ts';
import { previewText, type LinkPreview } from '../../../platform/link-previews/link-preview.ts';
import type { ProfilesContext } from '../context.ts';

/** A profile (by id or username) as a visitor may see it, as a link preview. */
async function profilePreview(
  params: Readonly<Record<string, string>>,
  ctx: ProfilesContext,
): Promise<LinkPreview | null> {
  const user = await profileUser(await ctx.readModels.query<UsersDb>('users'), params.userId ?? '', null);
  if (!user) return null;
  const counts = await followCounts(await ctx.readModels.query<FollowsDb>('follows'), user.id);
  const followers = `${counts.followers} ${counts.followers === 1 ? 'follower' : 'followers'}`;
  return {
    title: `${user.first_name} ${user.last_name} (@${user.username}) on MyWorld`,
    description: previewText(user.bio ? `${followers} · ${user.bio}` : followers),
    image: user.profile_image_url,
    type: 'profile',
  };
}

/** Anyone's profile page, as search results and shares link to it. */
export const profilePreviews: PagePreview<ProfilesContext>[] = [{ path: '/profile/:userId', preview: profilePreview }];

import { storyUser, type StoriesDb } from '@myworld/projections';
import type { EventData, Story } from '@myworld/schemas';
import type { Platform } from '../../platform/feature.ts';
import { loadUser } from '@myworld/write-model/accounts';

/**
 * The story as its author sees it right after creating it: from the recorded event (so a replayed
 * retry answers the same story), with no views yet, and the author's card from the read model, or
 * from their own stream when the read model has not reached them yet (a brand-new account).
 */
export async function storyPayload(platform: Platform, data: EventData<'StoryCreated'>): Promise<Story> {
  const user =
    (await storyUser(await platform.readModels.query<StoriesDb>('stories'), data.authorId)) ??
    (await authorFromLog(platform, data.authorId));
  return {
    id: data.storyId,
    userId: data.authorId,
    mediaType: data.mediaType,
    content: data.content,
    mediaUrl: data.mediaUrl,
    backgroundColor: data.backgroundColor,
    viewCount: 0,
    createdAt: data.createdAt,
    expiresAt: data.expiresAt,
    user,
  };
}

async function authorFromLog(platform: Platform, userId: string): Promise<Story['user']> {
  const author = await loadUser(platform.store, userId);
  return {
    username: author.username ?? 'unknown',
    firstName: author.firstName ?? '',
    profileImageUrl: author.profile.profileImageUrl,
  };
}

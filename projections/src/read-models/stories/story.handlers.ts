import { OBJECT_PATH_PREFIX } from '@myworld/schemas';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { dropFollowEdges } from '../../read-model-parts/follow-edges.ts';
import type { StoriesDb } from './stories.tables.ts';

const STORY_PURPOSES = new Set(['story_image', 'story_video']);

/**
 * Stories themselves: created, viewed (one row and +1 per counting viewer), expired or removed
 * by a moderator (gone from every table), hidden pending review (only their author sees them). A story's media is attached (MediaUploaded) before the story is created, and its
 * processing may finish before or after: the outcome is kept in story_media either way.
 */
export const storyHandlers: ProjectionHandlers<StoriesDb> = {
  MediaUploaded: async ({ db }, { data: d }) => {
    if (!STORY_PURPOSES.has(d.purpose)) return;
    await db
      .insertInto('story_media')
      .values({ media_id: d.mediaId, processed_url: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },
  MediaProcessed: async ({ db }, { data: d }) => {
    // Images show their display WebP, videos their MP4.
    const variant = d.variants.video ?? d.variants.display;
    if (!variant) return;
    const url = `${OBJECT_PATH_PREFIX}${variant.key}`;
    await db.updateTable('story_media').set({ processed_url: url }).where('media_id', '=', d.mediaId).execute();
    await db.updateTable('stories').set({ media_url: url }).where('media_id', '=', d.mediaId).execute();
  },
  StoryCreated: async ({ db }, { data: d }) => {
    const processed = d.mediaId
      ? await db.selectFrom('story_media').select('processed_url').where('media_id', '=', d.mediaId).executeTakeFirst()
      : undefined;
    await db
      .insertInto('stories')
      .values({
        id: d.storyId,
        author_id: d.authorId,
        media_type: d.mediaType,
        content: d.content,
        background_color: d.backgroundColor,
        media_id: d.mediaId,
        media_url: processed?.processed_url ?? d.mediaUrl,
        view_count: 0,
        created_at: new Date(d.createdAt),
        expires_at: new Date(d.expiresAt),
        hidden: false,
      })
      .execute();
  },
  StoryViewed: async ({ db }, { data: d }) => {
    // A view decided just before the story expired finds no story: nothing to count.
    const story = await db.selectFrom('stories').select('id').where('id', '=', d.storyId).executeTakeFirst();
    if (!story) return;
    const added = await db
      .insertInto('story_views')
      .values({ story_id: d.storyId, viewer_id: d.viewerId, viewed_at: new Date(d.viewedAt) })
      .onConflict((oc) => oc.doNothing())
      .returning('viewer_id')
      .executeTakeFirst();
    if (added)
      await db
        .updateTable('stories')
        .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
        .where('id', '=', d.storyId)
        .execute();
  },
  StoryExpired: async ({ db }, { data: d }) => dropStory(db, d.storyId, d.mediaId),
  // A story a moderator removed goes as an expired one does; a suspended user's stories stay, unseen, until reinstated (or expired).
  ContentRemoved: async ({ db }, { data: d }) => {
    if (d.contentType === 'story') await dropStories(db, 'id', d.contentId);
    if (d.contentType === 'user')
      await db.updateTable('stories').set({ author_suspended: true }).where('author_id', '=', d.contentId).execute();
  },
  AccountReinstated: async ({ db }, { data: d }) => {
    await db.updateTable('stories').set({ author_suspended: false }).where('author_id', '=', d.userId).execute();
  },
  // A deleted account's stories go as expired ones do, with their card and follows.
  AccountDeleted: async (ctx, { data: d }) => {
    await dropStories(ctx.db, 'author_id', d.userId);
    await ctx.db.deleteFrom('user_cards').where('user_id', '=', d.userId).execute();
    await dropFollowEdges(ctx, d.userId);
  },
  ContentHidden: async ({ db }, { data: d }) => {
    if (d.contentType === 'story')
      await db.updateTable('stories').set({ hidden: true }).where('id', '=', d.contentId).execute();
  },
  ContentRestored: async ({ db }, { data: d }) => {
    if (d.contentType === 'story')
      await db.updateTable('stories').set({ hidden: false }).where('id', '=', d.contentId).execute();
  },
};

/** The story with this id, or every story of this author, leaves. */
async function dropStories(
  db: ProjectionContext<StoriesDb>['db'],
  by: 'id' | 'author_id',
  value: string,
): Promise<void> {
  const stories = await db
    .selectFrom('stories')
    .select(['id', 'media_id'])
    .where(by, '=', value)
    .orderBy('id')
    .execute();
  for (const story of stories) await dropStory(db, story.id, story.media_id);
}

/** A story leaves every table (expired or removed). */
async function dropStory(
  db: ProjectionContext<StoriesDb>['db'],
  storyId: string,
  mediaId: string | null,
): Promise<void> {
  await db.deleteFrom('stories').where('id', '=', storyId).execute();
  await db.deleteFrom('story_views').where('story_id', '=', storyId).execute();
  if (mediaId) await db.deleteFrom('story_media').where('media_id', '=', mediaId).execute();
}

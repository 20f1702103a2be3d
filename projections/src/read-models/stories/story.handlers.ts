import { OBJECT_PATH_PREFIX } from '@myworld/schemas';
import type { ProjectionHandlers } from '../../projection.ts';
import type { StoriesDb } from './stories.tables.ts';

const STORY_PURPOSES = new Set(['story_image', 'story_video']);

/**
 * Stories themselves: created, viewed (one row and +1 per counting viewer), expired (gone from
 * every table). A story's media is attached (MediaUploaded) before the story is created, and its
 * processing may finish before or after: the outcome is kept in story_media either way.
 */
export const storyHandlers: ProjectionHandlers<StoriesDb> = {
  MediaUploaded: async ({ db }, { data: d }) => {
    if (!STORY_PURPOSES.has(d.purpose)) return;
    await db.insertInto('story_media').values({ media_id: d.mediaId, processed_url: null }).onConflict((oc) => oc.doNothing()).execute();
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
    const processed = d.mediaId ? await db.selectFrom('story_media').select('processed_url').where('media_id', '=', d.mediaId).executeTakeFirst() : undefined;
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
    if (added) await db.updateTable('stories').set((eb) => ({ view_count: eb('view_count', '+', 1) })).where('id', '=', d.storyId).execute();
  },
  StoryExpired: async ({ db }, { data: d }) => {
    await db.deleteFrom('stories').where('id', '=', d.storyId).execute();
    await db.deleteFrom('story_views').where('story_id', '=', d.storyId).execute();
    if (d.mediaId) await db.deleteFrom('story_media').where('media_id', '=', d.mediaId).execute();
  },
};

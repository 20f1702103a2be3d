import { sql, type ColumnType, type QueryCreator } from 'kysely';
import { defineProjection } from '../../projection.ts';

/**
 * The media read model: one row per media object (its owner, purpose, status and failure reason,
 * for the product, moderators and analysts), and one row per stored file of it (the original and
 * each processed variant), which is what `GET /objects/<key>` may serve.
 */
export interface MediaDb {
  media: {
    id: string;
    owner_id: string;
    purpose: string;
    kind: string;
    key: string;
    content_type: string;
    size: ColumnType<number, number, number>;
    status: string;
    failure_reason: string | null;
    duration_seconds: number | null;
    uploaded_at: Date;
    processed_at: Date | null;
  };
  media_files: {
    key: string;
    media_id: string;
    /** `original`, or the variant's name (display, thumbnail, video, poster). */
    variant: string;
    content_type: string;
    size: ColumnType<number, number, number>;
    width: number | null;
    height: number | null;
  };
  /** Which content (post, video or story id) a media object belongs to: holds on the content reach its files. */
  media_content: {
    content_id: string;
    media_id: string;
  };
  /**
   * Content ids and user ids whose files `/objects` refuses: hidden, removed, deleted or expired
   * content, and hidden, suspended or deleted users (every file they own). A restore lifts it.
   */
  media_holds: {
    subject_id: string;
    reason: string;
  };
}

/** Holds a subject's files (again: the latest reason wins). */
const hold = (db: QueryCreator<MediaDb>, subjectId: string, reason: string) =>
  db
    .insertInto('media_holds')
    .values({ subject_id: subjectId, reason })
    .onConflict((oc) => oc.column('subject_id').doUpdateSet({ reason }))
    .execute();
const belongsTo = (db: QueryCreator<MediaDb>, contentId: string, mediaId: string) =>
  db
    .insertInto('media_content')
    .values({ content_id: contentId, media_id: mediaId })
    .onConflict((oc) => oc.doNothing())
    .execute();

export const mediaProjection = defineProjection<MediaDb>({
  name: 'media',
  version: 2,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'media')} (
        id text primary key,
        owner_id text not null,
        purpose text not null,
        kind text not null,
        key text not null unique,
        content_type text not null,
        size bigint not null,
        status text not null,
        failure_reason text,
        duration_seconds double precision,
        uploaded_at timestamptz not null,
        processed_at timestamptz
      );
      create index on ${sql.id(schema, 'media')} (owner_id, uploaded_at desc);
      create index on ${sql.id(schema, 'media')} (status, uploaded_at);
      create table ${sql.id(schema, 'media_files')} (
        key text primary key,
        media_id text not null,
        variant text not null,
        content_type text not null,
        size bigint not null,
        width integer,
        height integer
      );
      create index on ${sql.id(schema, 'media_files')} (media_id);
      create table ${sql.id(schema, 'media_content')} (
        content_id text not null,
        media_id text not null,
        primary key (media_id, content_id)
      );
      create table ${sql.id(schema, 'media_holds')} (
        subject_id text primary key,
        reason text not null
      );
    `.execute(db);
  },
  handlers: {
    MediaUploaded: async ({ db }, { data: d }) => {
      await db
        .insertInto('media')
        .values({
          id: d.mediaId,
          owner_id: d.ownerId,
          purpose: d.purpose,
          kind: d.kind,
          key: d.key,
          content_type: d.contentType,
          size: d.size,
          status: 'uploaded',
          failure_reason: null,
          duration_seconds: null,
          uploaded_at: new Date(d.uploadedAt),
          processed_at: null,
        })
        .execute();
      await db
        .insertInto('media_files')
        .values({
          key: d.key,
          media_id: d.mediaId,
          variant: 'original',
          content_type: d.contentType,
          size: d.size,
          width: null,
          height: null,
        })
        .execute();
    },
    MediaProcessed: async ({ db }, { data: d }) => {
      await db
        .updateTable('media')
        .set({
          status: 'processed',
          failure_reason: null,
          duration_seconds: d.durationSeconds,
          processed_at: new Date(d.processedAt),
        })
        .where('id', '=', d.mediaId)
        .execute();
      const files = Object.entries(d.variants).flatMap(([variant, v]) =>
        v
          ? [
              {
                key: v.key,
                media_id: d.mediaId,
                variant,
                content_type: v.contentType,
                size: v.size,
                width: v.width,
                height: v.height,
              },
            ]
          : [],
      );
      if (files.length > 0) {
        await db
          .insertInto('media_files')
          .values(files)
          .onConflict((oc) =>
            oc.column('key').doUpdateSet((eb) => ({
              content_type: eb.ref('excluded.content_type'),
              size: eb.ref('excluded.size'),
              width: eb.ref('excluded.width'),
              height: eb.ref('excluded.height'),
            })),
          )
          .execute();
      }
    },
    MediaProcessingFailed: async ({ db }, { data: d }) => {
      await db
        .updateTable('media')
        .set({ status: 'failed', failure_reason: d.reason, processed_at: new Date(d.failedAt) })
        .where('id', '=', d.mediaId)
        .execute();
    },
    MediaDeleted: async ({ db }, { data: d }) => {
      await db.updateTable('media').set({ status: 'deleted' }).where('id', '=', d.mediaId).execute();
      await db.deleteFrom('media_files').where('media_id', '=', d.mediaId).execute();
    },
    // What each media object belongs to.
    TextPostCreated: async ({ db }, { data: d }) => {
      if (d.imageMediaId) await belongsTo(db, d.postId, d.imageMediaId);
    },
    VideoPostSubmitted: async ({ db }, { data: d }) => {
      await belongsTo(db, d.postId, d.mediaId);
    },
    StoryCreated: async ({ db }, { data: d }) => {
      if (d.mediaId) await belongsTo(db, d.storyId, d.mediaId);
    },
    // What stops its files being served: the content or its owner gone, hidden or suspended.
    PostDeleted: async ({ db }, { data: d }) => {
      await hold(db, d.postId, 'deleted');
    },
    StoryExpired: async ({ db }, { data: d }) => {
      await hold(db, d.storyId, 'expired');
    },
    AccountDeleted: async ({ db }, { data: d }) => {
      await hold(db, d.userId, 'deleted');
    },
    ContentRemoved: async ({ db }, { data: d }) => {
      await hold(db, d.contentId, 'removed');
    },
    ContentHidden: async ({ db }, { data: d }) => {
      // Hiding never lifts a removal.
      await db
        .insertInto('media_holds')
        .values({ subject_id: d.contentId, reason: 'hidden' })
        .onConflict((oc) => oc.column('subject_id').doNothing())
        .execute();
    },
    ContentRestored: async ({ db }, { data: d }) => {
      await db.deleteFrom('media_holds').where('subject_id', '=', d.contentId).where('reason', '=', 'hidden').execute();
    },
    AccountReinstated: async ({ db }, { data: d }) => {
      await db
        .deleteFrom('media_holds')
        .where('subject_id', '=', d.userId)
        .where('reason', 'in', ['hidden', 'removed'])
        .execute();
    },
  },
});

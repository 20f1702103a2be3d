import { sql, type ColumnType } from 'kysely';
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
}

export const mediaProjection = defineProjection<MediaDb>({
  name: 'media',
  version: 1,
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
    `.execute(db);
  },
  handlers: {
    MediaUploaded: async ({ db }, { data: d }) => {
      await db
        .insertInto('media')
        .values({ id: d.mediaId, owner_id: d.ownerId, purpose: d.purpose, kind: d.kind, key: d.key, content_type: d.contentType, size: d.size, status: 'uploaded', failure_reason: null, duration_seconds: null, uploaded_at: new Date(d.uploadedAt), processed_at: null })
        .execute();
      await db.insertInto('media_files').values({ key: d.key, media_id: d.mediaId, variant: 'original', content_type: d.contentType, size: d.size, width: null, height: null }).execute();
    },
    MediaProcessed: async ({ db }, { data: d }) => {
      await db.updateTable('media').set({ status: 'processed', failure_reason: null, duration_seconds: d.durationSeconds, processed_at: new Date(d.processedAt) }).where('id', '=', d.mediaId).execute();
      const files = Object.entries(d.variants).flatMap(([variant, v]) => (v ? [{ key: v.key, media_id: d.mediaId, variant, content_type: v.contentType, size: v.size, width: v.width, height: v.height }] : []));
      if (files.length > 0) {
        await db
          .insertInto('media_files')
          .values(files)
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ content_type: eb.ref('excluded.content_type'), size: eb.ref('excluded.size'), width: eb.ref('excluded.width'), height: eb.ref('excluded.height') })))
          .execute();
      }
    },
    MediaProcessingFailed: async ({ db }, { data: d }) => {
      await db.updateTable('media').set({ status: 'failed', failure_reason: d.reason, processed_at: new Date(d.failedAt) }).where('id', '=', d.mediaId).execute();
    },
  },
});

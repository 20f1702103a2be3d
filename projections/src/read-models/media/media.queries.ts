import type { QueryCreator } from 'kysely';
import type { MediaDb } from './media.projection.ts';

type Db = QueryCreator<MediaDb>;

export type ServableFile = { key: string; mediaId: string; variant: string; contentType: string; size: number };

/** A stored file of a media object, if `key` is one (an upload nothing attached is not). */
export async function mediaFileByKey(db: Db, key: string): Promise<ServableFile | undefined> {
  const row = await db.selectFrom('media_files').select(['key', 'media_id', 'variant', 'content_type', 'size']).where('key', '=', key).executeTakeFirst();
  return row && { key: row.key, mediaId: row.media_id, variant: row.variant, contentType: row.content_type, size: Number(row.size) };
}

export type MediaSummary = {
  id: string;
  ownerId: string;
  purpose: string;
  kind: string;
  key: string;
  contentType: string;
  size: number;
  status: string;
  failureReason: string | null;
  durationSeconds: number | null;
  uploadedAt: Date;
  processedAt: Date | null;
  files: Array<{ key: string; variant: string; contentType: string; size: number; width: number | null; height: number | null }>;
};

/** One media object with its files. */
export async function mediaById(db: Db, id: string): Promise<MediaSummary | undefined> {
  const row = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const files = await db.selectFrom('media_files').selectAll().where('media_id', '=', id).orderBy('key').execute();
  return {
    id: row.id,
    ownerId: row.owner_id,
    purpose: row.purpose,
    kind: row.kind,
    key: row.key,
    contentType: row.content_type,
    size: Number(row.size),
    status: row.status,
    failureReason: row.failure_reason,
    durationSeconds: row.duration_seconds,
    uploadedAt: row.uploaded_at,
    processedAt: row.processed_at,
    files: files.map((f) => ({ key: f.key, variant: f.variant, contentType: f.content_type, size: Number(f.size), width: f.width, height: f.height })),
  };
}

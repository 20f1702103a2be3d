import type { QueryCreator } from 'kysely';
import type { MediaDb } from './media.projection.ts';

type Db = QueryCreator<MediaDb>;

export type ServableFile = { key: string; mediaId: string; variant: string; contentType: string; size: number };

/** A stored file of a media object, if `key` is one (an upload nothing attached is not). */
export async function mediaFileByKey(db: Db, key: string): Promise<ServableFile | undefined> {
  const row = await db
    .selectFrom('media_files')
    .select(['key', 'media_id', 'variant', 'content_type', 'size'])
    .where('key', '=', key)
    .executeTakeFirst();
  return (
    row && {
      key: row.key,
      mediaId: row.media_id,
      variant: row.variant,
      contentType: row.content_type,
      size: Number(row.size),
    }
  );
}

/** The variant an original is shown as: its processed form, which carries none of the upload's metadata. */
export const SHOWN_AS: Readonly<Record<string, string>> = { image: 'display', video: 'video' };

/**
 * What `GET /objects/<key>` may answer for a media file: `unknown` (not in the read model),
 * `refused` (its content or owner is held: hidden, removed, deleted), `unprocessed` (an original
 * whose processed form does not exist yet), or the file to send. An original is never sent
 * itself: its processed form is, so EXIF and GPS never leave the store.
 */
export type MediaServing =
  | { status: 'unknown' }
  | { status: 'refused' }
  | { status: 'unprocessed'; mediaId: string }
  | { status: 'servable'; file: ServableFile };

export async function mediaFileToServe(db: Db, key: string): Promise<MediaServing> {
  const row = await db
    .selectFrom('media_files as f')
    .innerJoin('media as m', 'm.id', 'f.media_id')
    .select(['f.key', 'f.media_id', 'f.variant', 'f.content_type', 'f.size', 'm.kind'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('media_holds as h')
            .select('h.subject_id')
            .where((w) =>
              w.or([
                w('h.subject_id', '=', w.ref('m.owner_id')),
                w(
                  'h.subject_id',
                  'in',
                  w.selectFrom('media_content as c').select('c.content_id').whereRef('c.media_id', '=', 'f.media_id'),
                ),
              ]),
            ),
        )
        .as('held'),
    )
    .where('f.key', '=', key)
    .executeTakeFirst();
  if (!row) return { status: 'unknown' };
  if (row.held) return { status: 'refused' };
  if (row.variant !== 'original')
    return {
      status: 'servable',
      file: {
        key: row.key,
        mediaId: row.media_id,
        variant: row.variant,
        contentType: row.content_type,
        size: Number(row.size),
      },
    };
  const shown = await db
    .selectFrom('media_files')
    .select(['key', 'variant', 'content_type', 'size'])
    .where('media_id', '=', row.media_id)
    .where('variant', '=', SHOWN_AS[row.kind] ?? '')
    .executeTakeFirst();
  if (!shown) return { status: 'unprocessed', mediaId: row.media_id };
  return {
    status: 'servable',
    file: {
      key: shown.key,
      mediaId: row.media_id,
      variant: shown.variant,
      contentType: shown.content_type,
      size: Number(shown.size),
    },
  };
}

/** Every media object `ownerId` attached (any status but deleted): what deleting their account deletes. */
export async function mediaIdsOfOwner(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('media')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('status', '!=', 'deleted')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
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
  files: Array<{
    key: string;
    variant: string;
    contentType: string;
    size: number;
    width: number | null;
    height: number | null;
  }>;
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
    files: files.map((f) => ({
      key: f.key,
      variant: f.variant,
      contentType: f.content_type,
      size: Number(f.size),
      width: f.width,
      height: f.height,
    })),
  };
}

import type { FastifyRequest } from 'fastify';
import { STORY_MEDIA_MAX_BYTES, storyMediaType } from '@myworld/schemas';
import type { ObjectStorage } from '@myworld/storage';
import { DomainError } from '@myworld/write-model';
import { formFileChunks, formParts } from '../../platform/http/multipart.ts';
import { tooLargeMessage } from '../media/attach-upload.ts';
import { storyMediaPurpose } from './story-media.ts';

/** The form's file part. */
export const STORY_FILE_FIELD = 'media';
/** Per request: one file, a handful of short text fields (content is 500 characters at most). */
const LIMITS = { files: 1, fields: 10, parts: 12, fieldSize: 16 * 1024, fileSize: STORY_MEDIA_MAX_BYTES.video + 1 };
const CONTENT_TYPE = /^[\w.+-]{1,64}\/[\w.+-]{1,64}$/;

export interface StoryForm {
  /** The text fields as sent (the first value of each), for storyFormFields to parse. */
  readonly fields: Readonly<Record<string, string>>;
  /** The stored file; null when none was sent (an empty file input counts as none). */
  readonly file: { readonly key: string; readonly size: number } | null;
}

/**
 * Reads POST /api/stories' multipart form as it arrives: text fields are kept, and the `media` file
 * is streamed to the object store at `key`, never held whole. Its size is limited while it
 * streams: by its story kind's limit when `mediaType` came before it (as the web client sends it),
 * else by the largest (video); attaching checks the kind's own limit again. A file sent with a text
 * story, or with `store: false` (a retry whose story exists), is read to nothing. On any refusal
 * nothing stays stored; the rest of the body may be left unread (the route closes the connection).
 */
export async function readStoryForm(
  request: FastifyRequest,
  storage: ObjectStorage,
  target: { key: string; store: boolean },
): Promise<StoryForm> {
  const fields: Record<string, string> = {};
  let file: StoryForm['file'] = null;
  try {
    for await (const part of formParts(request, LIMITS)) {
      if (part.type === 'field') {
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = String(part.value);
        continue;
      }
      const kind = storyMediaType.safeParse(fields.mediaType).data;
      if (part.fieldname !== STORY_FILE_FIELD || kind === 'text' || !target.store) {
        await drain(formFileChunks(part.file));
        if (part.fieldname !== STORY_FILE_FIELD)
          throw new DomainError(
            'unexpected_file',
            `Send the file as the form field "${STORY_FILE_FIELD}"`,
            400,
            STORY_FILE_FIELD,
          );
        continue;
      }
      const max = kind ? STORY_MEDIA_MAX_BYTES[kind] : STORY_MEDIA_MAX_BYTES.video;
      const tooLarge = () =>
        new DomainError('file_too_large', tooLargeMessage(storyMediaPurpose(kind ?? 'video')), 400, STORY_FILE_FIELD);
      const contentType = CONTENT_TYPE.test(part.mimetype) ? part.mimetype : 'application/octet-stream';
      const { size } = await storage.putStream(
        target.key,
        limited(formFileChunks(part.file), max, tooLarge),
        contentType,
      );
      if (size > 0) file = { key: target.key, size };
      else await storage.delete(target.key);
    }
  } catch (error) {
    if (file) await storage.delete(file.key);
    throw isFileTooLarge(error)
      ? new DomainError('file_too_large', tooLargeMessage('story_video'), 400, STORY_FILE_FIELD)
      : error;
  }
  return { fields, file };
}

/** Passes the chunks on, failing with `tooLarge()` once more than `max` bytes have come. */
async function* limited(source: AsyncIterable<Buffer>, max: number, tooLarge: () => Error): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of source) {
    bytes += chunk.length;
    if (bytes > max) throw tooLarge();
    yield chunk;
  }
}

async function drain(source: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of source);
}

/** @fastify/multipart's own file size refusal (its limit sits one byte above ours, so ours comes first). */
const isFileTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

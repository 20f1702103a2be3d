import type { FastifyRequest } from 'fastify';
import {
  LIVE_STREAM_MESSAGES,
  STREAM_THUMBNAIL_FIELD,
  STREAM_THUMBNAIL_MAX_BYTES,
  STREAM_THUMBNAIL_TYPES,
} from '@myworld/schemas';
import { sniffContentType } from '@myworld/storage';
import { DomainError } from '@myworld/write-model';
import { formFileChunks, formParts } from '../../platform/http/multipart.ts';

/** One file and nothing else; the parser's own limit sits one byte above ours, so ours answers first. */
const LIMITS = { files: 1, fields: 0, parts: 1, fileSize: STREAM_THUMBNAIL_MAX_BYTES + 1 };

const refusal = (code: string, message: string) => new DomainError(code, message, 400, STREAM_THUMBNAIL_FIELD);

/** A frame as its bytes say it is (never as the client's header says). */
export interface ThumbnailFrame {
  readonly bytes: Buffer;
  readonly contentType: (typeof STREAM_THUMBNAIL_TYPES)[number];
}

/**
 * Reads POST /api/streams/{id}/thumbnail's form: its one file part `frame`, at most
 * STREAM_THUMBNAIL_MAX_BYTES (small enough to hold in memory), a JPEG, PNG or WebP by its magic
 * numbers. Anything else is a 400 naming `frame`; the rest of a refused body is left unread.
 */
export async function readThumbnailFrame(request: FastifyRequest): Promise<ThumbnailFrame> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of formParts(request, LIMITS)) {
      if (part.type !== 'file' || part.fieldname !== STREAM_THUMBNAIL_FIELD)
        throw refusal('unexpected_field', LIVE_STREAM_MESSAGES.thumbnailRequired);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of formFileChunks(part.file)) {
        size += chunk.length;
        if (size > STREAM_THUMBNAIL_MAX_BYTES) throw refusal('file_too_large', LIVE_STREAM_MESSAGES.thumbnailTooLarge);
        chunks.push(chunk);
      }
      bytes = Buffer.concat(chunks);
    }
  } catch (error) {
    if ((error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw refusal('file_too_large', LIVE_STREAM_MESSAGES.thumbnailTooLarge);
    if ((error as { code?: string } | null)?.code === 'FST_FIELDS_LIMIT' || isPartsLimit(error))
      throw refusal('unexpected_field', LIVE_STREAM_MESSAGES.thumbnailRequired);
    throw error;
  }
  if (!bytes || bytes.length === 0) throw refusal('frame_required', LIVE_STREAM_MESSAGES.thumbnailRequired);
  const sniffed = await sniffContentType(bytes);
  const contentType = STREAM_THUMBNAIL_TYPES.find((t) => t === sniffed?.mime);
  if (!contentType) throw refusal('unsupported_type', LIVE_STREAM_MESSAGES.thumbnailWrongType);
  return { bytes, contentType };
}

const isPartsLimit = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  return code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT';
};

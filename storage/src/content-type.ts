import { fileTypeFromBuffer } from 'file-type';

/** How many first bytes of an object `sniffContentType` needs to judge it. */
export const SNIFF_BYTES = 4100;

/** The media types the product accepts, by what their bytes say. */
const ACCEPTED: Readonly<Record<string, 'image' | 'video'>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'image/avif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
  'video/x-matroska': 'video',
};

/**
 * Judges an object's type from its first bytes (magic numbers), never from a client's header:
 * the MIME type and whether it is an image or a video, or undefined for anything else.
 */
export async function sniffContentType(
  bytes: Uint8Array,
): Promise<{ mime: string; kind: 'image' | 'video' } | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  const kind = found ? ACCEPTED[found.mime] : undefined;
  return found && kind ? { mime: found.mime, kind } : undefined;
}

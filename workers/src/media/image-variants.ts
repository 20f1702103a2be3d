import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MediaProcessingError } from './media-processing-error.ts';
import type { VariantFile } from './variant-file.ts';

/** Output widths: the feed/lightbox display and the grid thumbnail. */
export const IMAGE_WIDTHS = { display: 1080, thumbnail: 320 } as const;

/** 100 megapixels: above that a decode costs more memory than one job may take (a "pixel bomb"). */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Decoders we accept ('heif' is how sharp names AVIF). SVG/PDF are documents, not photos: refused. */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

export interface ImageVariants {
  readonly display: VariantFile;
  readonly thumbnail: VariantFile;
  /** As displayed (after the EXIF orientation). */
  readonly source: { readonly width: number; readonly height: number; readonly format: string };
}

export interface ImageVariantsOptions {
  readonly maxInputPixels?: number;
}

/**
 * An uploaded image into `outDir/display.webp` (1080 wide) and `outDir/thumbnail.webp` (320 wide).
 * Upright per its EXIF orientation, never enlarged, without metadata (sharp writes none unless
 * asked, so camera serials and GPS positions stay behind). Animated images keep their first frame.
 */
export async function makeImageVariants(
  inputPath: string,
  outDir: string,
  options: ImageVariantsOptions = {},
): Promise<ImageVariants> {
  const maxPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  // Reading the header decodes no pixels, so it runs unlimited and the refusal can give the size.
  const meta = await sharpStep(maxPixels, () => sharp(inputPath, { limitInputPixels: false }).metadata());
  if (!ACCEPTED_FORMATS.has(meta.format)) {
    throw new MediaProcessingError('refused', `${meta.format} images are not accepted`);
  }
  if (meta.width * meta.height > maxPixels) {
    const mp = (n: number) => `${Math.round(n / 1e6)} megapixels`;
    throw new MediaProcessingError(
      'refused',
      `the image is ${meta.width}x${meta.height} (${mp(meta.width * meta.height)}), above the ${mp(maxPixels)} limit`,
    );
  }
  await mkdir(outDir, { recursive: true });
  const [display, thumbnail] = await Promise.all([
    webp(inputPath, join(outDir, 'display.webp'), IMAGE_WIDTHS.display, maxPixels),
    webp(inputPath, join(outDir, 'thumbnail.webp'), IMAGE_WIDTHS.thumbnail, maxPixels),
  ]);
  return {
    display,
    thumbnail,
    source: { width: meta.autoOrient.width, height: meta.autoOrient.height, format: meta.format },
  };
}

/** Two pipelines rather than one: a JPEG shrinks on load (1/8 for the thumbnail), so each decode is cheap. */
async function webp(inputPath: string, outPath: string, width: number, maxPixels: number): Promise<VariantFile> {
  const info = await sharpStep(maxPixels, () =>
    sharp(inputPath, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(outPath),
  );
  return { path: outPath, contentType: 'image/webp', width: info.width, height: info.height, bytes: info.size };
}

/** sharp throws plain Errors; most mean the input is bad, a few that the machine is. */
async function sharpStep<T>(maxPixels: number, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (/pixel limit/i.test(message)) {
      throw new MediaProcessingError('refused', `the image is larger than ${Math.round(maxPixels / 1e6)} megapixels`, {
        cause,
      });
    }
    if (/for writing|no space left|out of memory|input file is missing/i.test(message)) {
      throw new MediaProcessingError('tool_failed', `image processing failed: ${message}`, { cause });
    }
    throw new MediaProcessingError('unreadable', `the file is not an image that can be decoded: ${message}`, { cause });
  }
}

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImageVariants } from './image-variants.ts';
import { MediaProcessingError } from './media-processing-error.ts';
import { writeNoiseJpeg, writeSmallPng } from './sample-media.ts';

/** RIFF....WEBP: the first 12 bytes of every WebP file. */
async function isWebp(path: string): Promise<boolean> {
  const head = (await readFile(path)).subarray(0, 12);
  return head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
}

describe('makeImageVariants (sharp)', () => {
  let dir: string;
  const input = (name: string) => join(dir, name);
  const outDir = async (name: string) => {
    const path = join(dir, 'out', name);
    await mkdir(path, { recursive: true });
    return path;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-images-'));
    await writeNoiseJpeg(input('photo.jpg'), 4000, 3000);
    await writeSmallPng(input('small.png'), 200, 100);
    await writeFile(input('notes.jpg'), 'this is a text file with an image extension\n');
    // 400x200 stored, EXIF orientation 6: a phone photo displayed 200x400 (portrait).
    await sharp({ create: { width: 400, height: 200, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(input('rotated.jpg'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes a 1080-wide display WebP and a 320-wide thumbnail WebP of a 4000x3000 JPEG', async () => {
    const out = await outDir('photo');
    const result = await makeImageVariants(input('photo.jpg'), out);

    expect(result.source).toEqual({ width: 4000, height: 3000, format: 'jpeg' });
    expect(result.display).toMatchObject({
      path: join(out, 'display.webp'),
      contentType: 'image/webp',
      width: 1080,
      height: 810,
    });
    expect(result.thumbnail).toMatchObject({
      path: join(out, 'thumbnail.webp'),
      contentType: 'image/webp',
      width: 320,
      height: 240,
    });
    for (const variant of [result.display, result.thumbnail]) {
      expect(await isWebp(variant.path)).toBe(true);
      expect(variant.bytes).toBe((await readFile(variant.path)).length);
      const meta = await sharp(variant.path).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('never enlarges a smaller image', async () => {
    const result = await makeImageVariants(input('small.png'), await outDir('small'));
    expect(result.source).toEqual({ width: 200, height: 100, format: 'png' });
    expect([result.display.width, result.display.height]).toEqual([200, 100]);
    expect([result.thumbnail.width, result.thumbnail.height]).toEqual([200, 100]);
    expect(await isWebp(result.display.path)).toBe(true);
  });

  it('turns the picture upright per its EXIF orientation and drops the tag', async () => {
    const result = await makeImageVariants(input('rotated.jpg'), await outDir('rotated'));
    expect(result.source).toMatchObject({ width: 200, height: 400 });
    expect([result.display.width, result.display.height]).toEqual([200, 400]);
    expect([result.thumbnail.width, result.thumbnail.height]).toEqual([200, 400]);
    expect((await sharp(result.display.path).metadata()).orientation).toBeUndefined();
  });

  it('refuses a file that is not an image, for good (not retryable)', async () => {
    const error = await makeImageVariants(input('notes.jpg'), await outDir('notes')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaProcessingError);
    expect(error).toMatchObject({ code: 'unreadable', retryable: false });
    expect((error as MediaProcessingError).reason).toMatch(/not an image/);
  });

  it('refuses an image above the pixel limit before decoding it', async () => {
    const error = await makeImageVariants(input('photo.jpg'), await outDir('limit'), {
      maxInputPixels: 10_000_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaProcessingError);
    expect(error).toMatchObject({ code: 'refused', retryable: false });
    expect((error as MediaProcessingError).reason).toBe(
      'the image is 4000x3000 (12 megapixels), above the 10 megapixels limit',
    );
  });
});

import { rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { MediaProcessingError } from './media-processing-error.ts';
import { runTool } from './run-tool.ts';
import { SCALE_TO_MAX_HEIGHT } from './video-size.ts';
import { variantFile, type VariantFile } from './variant-file.ts';

export interface PosterOptions {
  /** The video's duration when known: a clip shorter than 1 s gets its first frame. */
  readonly durationSeconds?: number | null;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** 1 s in, past the black or half-faded first frame most recordings start with. */
const POSTER_AT_SECONDS = 1;

/** A JPEG still of the video, at most 720 high, even sizes, for the player before it starts. */
export async function makePoster(
  inputPath: string,
  outPath: string,
  options: PosterOptions = {},
): Promise<VariantFile> {
  const { durationSeconds = null } = options;
  const at = durationSeconds !== null && durationSeconds < POSTER_AT_SECONDS ? 0 : POSTER_AT_SECONDS;
  await grabFrame(inputPath, outPath, at, options);
  // Seeking past the end writes no frame: the duration was unknown and the clip was short.
  if (at > 0 && !(await hasBytes(outPath))) await grabFrame(inputPath, outPath, 0, options);
  if (!(await hasBytes(outPath)))
    throw new MediaProcessingError('unreadable', 'the video has no frame to make a poster from');
  const { width, height } = await sharp(outPath).metadata();
  return variantFile(outPath, 'image/jpeg', width, height);
}

async function grabFrame(inputPath: string, outPath: string, at: number, options: PosterOptions): Promise<void> {
  await rm(outPath, { force: true });
  await runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      // -ss before -i seeks the input (fast, from the nearest keyframe, then decodes up to `at`).
      '-ss',
      String(at),
      '-i',
      resolve(inputPath),
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      SCALE_TO_MAX_HEIGHT,
      '-map_metadata',
      '-1',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      '-f',
      'image2',
      '-update',
      '1',
      resolve(outPath),
    ],
    { timeoutMs: options.timeoutMs ?? 60_000, signal: options.signal },
  );
}

async function hasBytes(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.size > 0,
    () => false,
  );
}

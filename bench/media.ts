// Media benchmark: the workers' image and video variants on this machine, from inputs generated in
// a temp dir (a 4000x3000 noise JPEG, a 10 s 1280x720 VP9/Opus WebM like a browser's), and upload
// throughput to the object store (the local Swift unless S3_ENDPOINT says otherwise), as a
// browser uploads: one presigned PUT, and multipart with 6 parts in flight (Uppy's default).
// The target: a 10 s 720p clip processes in well under its own duration. Also the
// built-in background catalogue, which the workers render at their first start (budget ~30 s).
//   npm run bench -- media [--image-runs 5] [--video-runs 3]
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MULTIPART_MIN_PART_BYTES } from '@myworld/schemas';
import { openTestStorage } from '@myworld/storage/testing';
import { ensureBackgroundCatalogue } from '../workers/src/media/backgrounds/ensure-catalogue.ts';
import { makeImageVariants } from '../workers/src/media/image-variants.ts';
import { writeNoiseJpeg, writeVp9WebM } from '../workers/src/media/sample-media.ts';
import { makePoster } from '../workers/src/media/video-poster.ts';
import { probeVideo } from '../workers/src/media/video-probe.ts';
import { transcodeVideo } from '../workers/src/media/video-transcode.ts';
import { percentile, row } from './stats.ts';

const optionsSchema = z.object({
  /** Image runs (median printed). Default: 5. */
  imageRuns: z.coerce.number().int().min(1).max(50).default(5),
  /** Video runs (median printed). Default: 3. */
  videoRuns: z.coerce.number().int().min(1).max(20).default(3),
});

const CLIP_SECONDS = 10;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const result = await fn();
  return [result, performance.now() - t];
}

const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => `${Math.round(value)} ms`;

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'image-runs': { type: 'string' }, 'video-runs': { type: 'string' } },
  });
  const options = optionsSchema.parse({ imageRuns: values['image-runs'], videoRuns: values['video-runs'] });
  const ffmpegVersion = execFileSync('ffmpeg', ['-version'], { encoding: 'utf8' }).split(' Copyright')[0];
  console.log(
    `media processing benchmark: ${availableParallelism()} cores, ${ffmpegVersion}; medians of ${options.imageRuns} image and ${options.videoRuns} video runs\n`,
  );

  const dir = await mkdtemp(join(tmpdir(), 'bench-media-'));
  try {
    const jpeg = join(dir, 'photo.jpg');
    const webm = join(dir, 'clip.webm');
    await Promise.all([
      writeNoiseJpeg(jpeg, 4000, 3000),
      writeVp9WebM(webm, { seconds: CLIP_SECONDS, width: 1280, height: 720 }),
    ]);

    const imageTimes: number[] = [];
    for (let i = 0; i < options.imageRuns; i++) {
      const out = join(dir, `image-${i}`);
      await mkdir(out);
      imageTimes.push((await timed(() => makeImageVariants(jpeg, out)))[1]);
    }
    row('image: 4000x3000 JPEG -> 1080 + 320 WebP', ms(median(imageTimes)));

    const probeTimes: number[] = [];
    const transcodeTimes: number[] = [];
    const posterTimes: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < options.videoRuns; i++) {
      const out = join(dir, `video-${i}`);
      await mkdir(out);
      // The steps of makeVideoVariants, timed one by one.
      const [source, probeMs] = await timed(() => probeVideo(webm));
      const [mp4, transcodeMs] = await timed(() => transcodeVideo(webm, join(out, 'video.mp4'), { source }));
      const [, posterMs] = await timed(() =>
        makePoster(mp4.file.path, join(out, 'poster.jpg'), { durationSeconds: mp4.output.durationSeconds }),
      );
      probeTimes.push(probeMs);
      transcodeTimes.push(transcodeMs);
      posterTimes.push(posterMs);
      totals.push(probeMs + transcodeMs + posterMs);
    }
    const total = median(totals);
    row(`video: ${CLIP_SECONDS} s 720p WebM -> MP4 + poster`, ms(total), `well under ${CLIP_SECONDS} s`);
    row('  ratio to the clip duration', `${(total / 1000 / CLIP_SECONDS).toFixed(2)}x`, '< 1x');
    row('  probe', ms(median(probeTimes)));
    row('  transcode (H.264 veryfast crf 23 + AAC)', ms(median(transcodeTimes)));
    row('  poster (JPEG at 1 s, from the MP4)', ms(median(posterTimes)));
    await backgroundCatalogue();
    await uploadThroughput();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The whole background catalogue rendered into a bucket of the benchmark's own, as at the workers' first start. */
async function backgroundCatalogue(): Promise<void> {
  const { storage, drop } = await openTestStorage('bench-backgrounds');
  try {
    const result = await ensureBackgroundCatalogue(storage);
    row(`background catalogue: ${result.generated} WebP files rendered and stored`, ms(result.ms), 'about 30 s');
  } finally {
    await drop();
  }
}

const MB = 1024 * 1024;
const mbPerSecond = (bytes: number, millis: number) => `${(bytes / MB / (millis / 1000)).toFixed(0)} MB/s`;

/** Presigned PUT and multipart uploads of random bytes into a bucket of the benchmark's own. */
async function uploadThroughput(): Promise<void> {
  const { storage, config, drop } = await openTestStorage('bench-media');
  try {
    const body = Buffer.alloc(64 * MB, 7);
    const putTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const url = await storage.presignPut(`uploads/bench/put-${i}`);
      const [response, took] = await timed(() => fetch(url, { method: 'PUT', body }));
      if (response.status !== 200) throw new Error(`PUT answered ${response.status}`);
      putTimes.push(took);
    }
    console.log('');
    row(`upload to ${config.S3_ENDPOINT}: presigned PUT of 64 MB`, mbPerSecond(body.length, median(putTimes)));

    const part = body.subarray(0, Math.max(MULTIPART_MIN_PART_BYTES, 8 * MB));
    const parts = 12;
    const key = 'uploads/bench/multipart';
    const [, took] = await timed(async () => {
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const done: Array<{ PartNumber: number; ETag: string }> = [];
      let next = 1;
      const sender = async () => {
        while (next <= parts) {
          const number = next++;
          const response = await fetch(await storage.presignPart(key, uploadId, number), { method: 'PUT', body: part });
          done.push({ PartNumber: number, ETag: response.headers.get('etag') ?? '' });
        }
      };
      await Promise.all(Array.from({ length: 6 }, sender));
      await storage.completeMultipart(key, uploadId, done);
    });
    row(`  multipart: ${parts} parts of ${part.length / MB} MB, 6 in flight`, mbPerSecond(part.length * parts, took));
  } finally {
    await drop();
  }
}

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaProcessingError } from './media-processing-error.ts';
import { runTool } from './run-tool.ts';
import { writeH264Mp4, writeStreamedWebM, writeVp9WebM } from './sample-media.ts';
import { makePoster } from './video-poster.ts';
import { probeVideo } from './video-probe.ts';
import { transcodeVideo } from './video-transcode.ts';
import { makeVideoVariants } from './video-variants.ts';

/** The top-level MP4 box types in file order ("ftyp", "moov", "mdat"...). */
async function topLevelBoxes(path: string): Promise<string[]> {
  const bytes = await readFile(path);
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = bytes.length - at;
    if (size < 8) throw new Error(`bad box size ${size} at ${at}`);
    types.push(type);
    at += size;
  }
  return types;
}

/** Faststart: the index (`moov`) is before the media data, so playback starts while downloading. */
async function expectFaststart(path: string): Promise<void> {
  const boxes = await topLevelBoxes(path);
  expect(boxes).toContain('moov');
  expect(boxes).toContain('mdat');
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
}

async function expectJpeg(path: string): Promise<void> {
  expect([...(await readFile(path)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
}

/** The first video packets' sizes: equal in source and output only when the stream was copied. */
async function videoPacketSizes(path: string): Promise<string[]> {
  const { stdout } = await runTool(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=size',
      '-read_intervals',
      '%+#30',
      '-of',
      'csv=p=0',
      path,
    ],
    { timeoutMs: 30_000 },
  );
  return stdout.trim().split('\n');
}

function increasing(values: number[]): boolean {
  return values.every((v, i) => i === 0 || v > values[i - 1]!);
}

describe('video processing (ffprobe/ffmpeg)', () => {
  let dir: string;
  const input = (name: string) => join(dir, name);
  const outDir = async (name: string) => {
    const path = join(dir, 'out', name);
    await mkdir(path, { recursive: true });
    return path;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-videos-'));
    await Promise.all([
      writeVp9WebM(input('clip.webm'), { seconds: 10, width: 1280, height: 720 }),
      writeStreamedWebM(input('recorded.webm'), { seconds: 3, width: 640, height: 360 }),
      writeH264Mp4(input('ready.mp4'), { seconds: 4, width: 854, height: 480 }),
      writeH264Mp4(input('short.mp4'), { seconds: 0.5, width: 320, height: 240 }),
      // Odd sizes below the cap: x264 needs even ones, so the scale must round the height too.
      writeVp9WebM(input('odd.webm'), { seconds: 1, width: 641, height: 361 }),
      writeFile(input('notes.webm'), 'this is a text file with a video extension\n'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  describe('probeVideo', () => {
    it('reads the duration, size, codecs and container of a WebM', async () => {
      const probe = await probeVideo(input('clip.webm'));
      expect(probe).toMatchObject({
        width: 1280,
        height: 720,
        videoCodec: 'vp9',
        audioCodec: 'opus',
        pixelFormat: 'yuv420p',
      });
      expect(probe.containerFormats).toContain('webm');
      expect(probe.durationSeconds).toBeCloseTo(10, 0);
    });

    it('answers a null duration for a WebM streamed to a pipe (MediaRecorder style)', async () => {
      const probe = await probeVideo(input('recorded.webm'));
      expect(probe.durationSeconds).toBeNull();
      expect(probe).toMatchObject({ width: 640, height: 360, videoCodec: 'vp9' });
    });

    it('refuses a file that is not a video, for good', async () => {
      const error = await probeVideo(input('notes.webm')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaProcessingError);
      expect(error).toMatchObject({ code: 'unreadable', retryable: false });
      expect((error as MediaProcessingError).reason).toMatch(
        /^the file could not be decoded: .*Invalid data found when processing input/s,
      );
    });
  });

  it('turns a 10 s 720p VP9/Opus WebM into a faststart H.264/AAC MP4 and a poster, reporting progress', async () => {
    const out = await outDir('clip');
    const progress: number[] = [];
    const started = performance.now();
    const result = await makeVideoVariants(input('clip.webm'), out, { onProgress: (f) => progress.push(f) });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[media] 10 s 1280x720 VP9/Opus WebM -> H.264/AAC MP4 + poster: ${seconds.toFixed(2)} s (${(seconds / 10).toFixed(2)}x the clip's duration)`,
    );

    expect(result.transcoded).toBe(true);
    expect(result.source).toMatchObject({ videoCodec: 'vp9', audioCodec: 'opus' });
    const mp4 = await probeVideo(result.video.path);
    expect(mp4).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      pixelFormat: 'yuv420p',
      width: 1280,
      height: 720,
    });
    expect(mp4.containerFormats).toContain('mp4');
    expect(result.video).toMatchObject({ contentType: 'video/mp4', width: 1280, height: 720 });
    expect(result.video.durationSeconds).toBeGreaterThan(9.5);
    expect(result.video.durationSeconds).toBeLessThan(10.5);
    expect(result.video.bytes).toBe((await readFile(result.video.path)).length);
    await expectFaststart(result.video.path);

    await expectJpeg(result.poster.path);
    expect(result.poster).toMatchObject({ contentType: 'image/jpeg', width: 1280, height: 720 });

    expect(progress.length).toBeGreaterThan(3);
    expect(increasing(progress)).toBe(true);
    expect(progress[0]).toBeGreaterThanOrEqual(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.some((f) => f > 0.2 && f < 0.9)).toBe(true);
  }, 120_000);

  it('takes the duration from the MP4 when the WebM has none', async () => {
    const progress: number[] = [];
    const result = await makeVideoVariants(input('recorded.webm'), await outDir('recorded'), {
      onProgress: (f) => progress.push(f),
    });
    expect(result.source.durationSeconds).toBeNull();
    expect(result.video.durationSeconds).toBeGreaterThan(2.5);
    expect(result.video.durationSeconds).toBeLessThan(3.5);
    expect(increasing(progress)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    await expectFaststart(result.video.path);
  }, 120_000);

  it('only remuxes an MP4 that is already H.264/AAC at most 720p (stream copied, index moved first)', async () => {
    const source = input('ready.mp4');
    const sourceBoxes = await topLevelBoxes(source);
    expect(sourceBoxes.indexOf('moov')).toBeGreaterThan(sourceBoxes.indexOf('mdat')); // ffmpeg's default: index last
    const result = await makeVideoVariants(source, await outDir('ready'));

    expect(result.transcoded).toBe(false);
    const mp4 = await probeVideo(result.video.path);
    expect(mp4).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 854, height: 480 });
    expect(await videoPacketSizes(result.video.path)).toEqual(await videoPacketSizes(source));
    await expectFaststart(result.video.path);
    expect(result.video.durationSeconds).toBeCloseTo(4, 0);
    await expectJpeg(result.poster.path);
    expect([result.poster.width, result.poster.height]).toEqual([854, 480]);
  }, 60_000);

  it('rounds odd source sizes to even ones', async () => {
    const { file, output } = await transcodeVideo(input('odd.webm'), join(await outDir('odd'), 'video.mp4'));
    expect(output.videoCodec).toBe('h264');
    expect(file.height).toBe(360);
    expect(file.width % 2).toBe(0);
  }, 60_000);

  it('takes the poster of a clip shorter than 1 s from its first frame, known duration or not', async () => {
    const out = await outDir('short');
    for (const durationSeconds of [0.5, null]) {
      const poster = await makePoster(input('short.mp4'), join(out, `poster-${durationSeconds}.jpg`), {
        durationSeconds,
      });
      await expectJpeg(poster.path);
      expect([poster.width, poster.height]).toEqual([320, 240]);
    }
  });

  it('kills ffmpeg at its time limit and calls that retryable', async () => {
    const error = await transcodeVideo(input('clip.webm'), join(await outDir('timeout'), 'video.mp4'), {
      timeoutMs: 300,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaProcessingError);
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const cache = new Map<string, Promise<Buffer>>();

/**
 * A small real VP9 WebM (ffmpeg's test pattern), what a test uploads when it needs a video the
 * workers can process. Generated once per shape per process; no binary fixtures in the repository.
 */
export function sampleWebM({ seconds = 1, width = 320, height = 240 } = {}): Promise<Buffer> {
  const key = `${seconds}:${width}x${height}`;
  let made = cache.get(key);
  if (!made) {
    made = (async () => {
      const dir = await mkdtemp(join(tmpdir(), 'sample-webm-'));
      try {
        const path = join(dir, 'sample.webm');
        await run('ffmpeg', [
          '-hide_banner',
          '-nostdin',
          '-v',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          `testsrc2=size=${width}x${height}:rate=30`,
          '-t',
          String(seconds),
          '-c:v',
          'libvpx-vp9',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-b:v',
          '300k',
          path,
        ]);
        return await readFile(path);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    cache.set(key, made);
  }
  return made;
}

/** The start of a WebM cut short: recognised as a video by its bytes, but processing fails on it. */
export async function truncatedWebM(): Promise<Buffer> {
  return (await sampleWebM()).subarray(0, 100);
}
